"""Record the replay corpus: whole random games of every scenario, each with the digests of
every state and event it went through, so that a faster engine can be shown to decide exactly
as the recorded one did.

    python -m tests.corpus.record          # rewrites tests/corpus/*.txt — only on purpose

A corpus file is a `kolocha local --script` file; its `# digest:` lines hold the SHA-256 of the
final state and of all events (canonical JSON), which tests/rules/core/test_replay_corpus.py
checks after replaying the commands.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import rules
from rules.core.playout import random_playout, replay

HERE = Path(__file__).parent
BM_OPTIONS = ("russian_jager", "grande_batterie", "agility", "first_saber", "cossacks", "shields",
              "exhausted_leaders", "general_offensive", "advanced_combat", "battle_fatigue",
              "command_limit")  # all but extreme_command_limit, which replaces command_limit
C1812_OPTIONS = ("chart_fragments", "depot_supply", "fort_reinforcements", "leaders")
GAMES = [  # (system, scenario, options, seed)
    ("borodino", "5sep", {}, 1),
    ("borodino", "6sep", {}, 2),
    ("borodino", "7sep", {}, 3),
    ("borodino", "7sep", {"imperial_guard": True}, 4),
    ("borodino", "grand", {}, 5),
    ("borodino", "grand", {"imperial_guard": True, "additional_forces": True}, 6),
    ("borodino", "5sep", {"dv_rally": True, "dv_leaders": True}, 10),  # Doomed Victory
    ("bloody_monday", "bloody_monday", {}, 7),
    ("bloody_monday", "bloody_monday", {name: True for name in BM_OPTIONS}, 8),
    ("bloody_monday", "last_blood", {}, 9),
    ("campaign_1812", "campaign", {}, 10),
    ("campaign_1812", "borodino", {}, 11),
    ("campaign_1812", "retreat", {}, 12),
    ("campaign_1812", "campaign", {name: True for name in C1812_OPTIONS}, 13),  # the later readings, leaders
]


def digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


def replayed(system_name: str, scenario: str, seed: int, options: dict,
             commands: list[tuple[str, str]]) -> tuple[str, str]:
    """(final state digest, events digest) of replaying `commands` from the set-up."""
    system = rules.load(system_name)
    state, events = system.setup(scenario, seed, options), []
    for state, produced in replay(system, state, commands):
        events.append(produced)
    return digest(state), digest(events)


def script(system_name: str, scenario: str, seed: int, options: dict) -> str:
    playout = random_playout(system_name, scenario, seed, options, rng_seed=seed)
    state_digest, events_digest = replayed(system_name, scenario, seed, options, playout.commands)
    chosen = ",".join(sorted(name for name, on in options.items() if on))
    header = f"# kolocha system={system_name} scenario={scenario} seed={seed}"
    lines = [header + (f" options={chosen}" if chosen else ""),
             f"# random playout rng_seed={seed}, recorded by tests/corpus/record.py",
             f"# digest: state={state_digest} events={events_digest}",
             "# expect: all-accepted"]
    return "\n".join(lines + [f"{side}: {text}" for side, text in playout.commands]) + "\n"


@dataclass
class Recorded:
    """One corpus game as read back from its file."""

    system: str
    scenario: str
    seed: int
    options: dict
    commands: list[tuple[str, str]]
    state_digest: str
    events_digest: str


def read(path: Path) -> Recorded:
    settings: dict[str, str] = {}
    digests: dict[str, str] = {}
    commands = []
    for line in path.read_text().splitlines():
        if line.startswith("# kolocha "):
            settings = dict(word.split("=", 1) for word in line.split()[2:])
        elif line.startswith("# digest: "):
            digests = dict(word.split("=", 1) for word in line.split()[2:])
        elif line and not line.startswith("#"):
            side, _, text = line.partition(": ")
            commands.append((side, text))
    options = {name: True for name in settings.get("options", "").split(",") if name}
    return Recorded(settings["system"], settings["scenario"], int(settings["seed"]), options,
                    commands, digests["state"], digests["events"])


def main() -> None:
    for system_name, scenario, options, seed in GAMES:
        tag = "all-options" if len(options) > 2 else "-".join(sorted(options))
        name = "-".join(filter(None, [system_name, scenario, tag, str(seed)])) + ".txt"
        (HERE / name).write_text(script(system_name, scenario, seed, options))
        print(name)


if __name__ == "__main__":
    main()
