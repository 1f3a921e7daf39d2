"""Small factories of fakes for the Discord layer's tests: people, a messenger, a scheduler, a
clock, and a Tables over the toy system wired to them."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from bot.config import Config, GameSettings
from bot.delivery import Delivery, DMClosed
from bot.permissions import Actor
from bot.service import GameService
from bot.tables import Tables

GUILD, CHANNEL, WATCH = "900", "100", "200"
ANNA = Actor("1", "Anna")
BORIS = Actor("2", "Boris")
MOD = Actor("3", "Mod", manage_guild=True)
STRANGER = Actor("4", "Stranger")


@dataclass
class FakeMessenger:
    """Records every post and DM; people in `closed` have their DMs closed."""

    posts: list[tuple[str, str, bytes | None]] = field(default_factory=list)
    dms: list[tuple[str, str, bytes | None]] = field(default_factory=list)
    closed: set[str] = field(default_factory=set)

    async def post(self, channel: str, text: str, picture: bytes | None = None) -> None:
        self.posts.append((channel, text, picture))

    async def dm(self, user: str, text: str, picture: bytes | None = None) -> None:
        if user in self.closed:
            raise DMClosed(user)
        self.dms.append((user, text, picture))

    def in_channel(self, channel: str) -> list[str]:
        return [text for where, text, _ in self.posts if where == channel]

    def to(self, user: str) -> list[str]:
        return [text for who, text, _ in self.dms if who == user]


class FakeClock:
    def __init__(self, start: datetime = datetime(2026, 3, 1, 12, tzinfo=UTC)):
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@dataclass(frozen=True)
class FakeJob:
    id: str


class FakeScheduler:
    """APScheduler's add_job, get_jobs and remove_job, keeping jobs by id; run_due() fires
    those due by the clock."""

    def __init__(self, clock: FakeClock):
        self.clock = clock
        self.jobs: dict[str, tuple[datetime, object, list]] = {}
        self.options: list[dict] = []

    def add_job(self, func, trigger, *, run_date, id, args, **options):
        assert trigger == "date"
        self.options.append(options)
        self.jobs[id] = (run_date, func, args)

    def get_jobs(self) -> list[FakeJob]:
        return [FakeJob(job_id) for job_id in self.jobs]

    def remove_job(self, job_id: str) -> None:
        del self.jobs[job_id]

    async def run_due(self) -> int:
        ran = 0
        while due := sorted((when, job_id) for job_id, (when, _, _) in self.jobs.items()
                            if when <= self.clock()):
            _, func, args = self.jobs.pop(due[0][1])
            await func(*args)
            ran += 1
        return ran


def picture(view: dict, **options: object) -> bytes:
    """A stand-in renderer: the bytes say which view and options it drew."""
    return f"PNG turn={view.get('turn')} secrets={view.get('secrets')} {options}".encode()


def make_tables(service: GameService, clock: FakeClock | None = None,
                messenger: FakeMessenger | None = None, renderer=picture,
                defaults: GameSettings | None = None) -> Tables:
    clock = clock or FakeClock()
    config = Config(defaults=defaults or GameSettings())
    return Tables(service, Delivery(service, messenger or FakeMessenger(), renderer),
                  FakeScheduler(clock), config, clock, systems=("toy_system",))


async def seated_game(tables: Tables, hot_seat: bool = False) -> int:
    """A toy game in CHANNEL: Anna red, Boris blue, started."""
    await tables.new(ANNA, GUILD, CHANNEL, "toy_system", "short", hot_seat=hot_seat)
    await tables.join(ANNA, CHANNEL, "red")
    await tables.join(BORIS, CHANNEL, "blue")
    await tables.start(ANNA, CHANNEL)
    return tables.game_in(CHANNEL)["id"]


class FakeInteraction:
    """Just enough of discord.Interaction for the command glue: records each answer in order."""

    def __init__(self, tables: Tables, actor: Actor, channel: str = CHANNEL):
        self.client = type("Client", (), {"tables": tables})()
        self.user = type("User", (), {"id": int(actor.id), "display_name": actor.name})()
        self.permissions = type("Perms", (), {"manage_guild": actor.manage_guild})()
        self.channel_id = int(channel)
        self.calls: list[tuple[str, dict]] = []
        outer = self

        class Response:
            async def defer(self, **kwargs):
                outer.calls.append(("defer", kwargs))

        class Followup:
            async def send(self, content, **kwargs):
                outer.calls.append(("followup", {"content": content, **kwargs}))

        self.response, self.followup = Response(), Followup()
