"""A refusal cites its rule once: RuleViolation adds "(rule)" after the sentence, so a sentence
that already ends with a citation would read "… (6.2) (5.3).". Every RuleViolation the rules
raise is read from the source: its sentence must not end with one of its own."""
from __future__ import annotations

import ast
import re
from pathlib import Path

RULES = Path(__file__).resolve().parents[3] / "rules"
CITATION = re.compile(r"\([^()]*\d[^()]*\)\s*$")  # "(6.2)", "(8.10, option x)" at the end


def last_text(node: ast.expr) -> str:
    """The last literal words of a sentence: a string, the tail of an f-string, either branch of a
    conditional, the right of a `+`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values:
        return last_text(node.values[-1])
    if isinstance(node, ast.IfExp):
        return last_text(node.body) + "\n" + last_text(node.orelse)
    if isinstance(node, ast.BinOp):
        return last_text(node.right)
    return ""


def test_no_refusal_ends_with_a_citation_of_its_own():
    doubled = []
    for path in sorted(RULES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RuleViolation"
                    and len(node.args) == 2):
                ends = last_text(node.args[1]).split("\n")
                if any(CITATION.search(end) for end in ends):
                    doubled.append(f"{path.relative_to(RULES.parent)}:{node.lineno}")
    assert doubled == []


def test_the_check_reads_a_doubled_citation():
    call = ast.parse('RuleViolation("5.3", f"fought in a {kind} Action (6.2)")').body[0].value
    assert isinstance(call, ast.Call) and CITATION.search(last_text(call.args[1]))
