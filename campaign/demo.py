"""`campaign demo`: computer players fight a whole battle of any installed rule system through the real mail path.

The demo knows no particular game: it asks the ruleset for its default scenario, the scenario for
its sides (one demo player per side: alice, bob, carol, ...), and the ruleset's computer player
(`Ruleset.bot_orders`) for every order.

Everything a real game does happens here: each order is a mail written into the server's
inbound Maildir, ingested (signed on, checked, filed as one transaction), resolved with
commit-reveal dice, answered, and every player gets digests in the outbox, which are then
delivered to each player's own Maildir. At the end the static archive is written.

To make two runs with the same `--seed` byte-identical, the demo runs on a simulated clock
and derives its secret dice seeds from `--seed` (HMAC-SHA256 of the seed, game and seed
number). Real games draw seeds from the operating system; nothing else differs.
"""

from __future__ import annotations

import hashlib
import hmac
import mailbox
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from campaign.eventlog import open_store
from campaign.mail.ledger import Unchecked
from campaign.mailflow import MailOutcome, MailSettings, ingest
from campaign.ruleset import RequestKind, Ruleset, UnknownRuleset, find
from campaign.service import Campaign

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
PLAYERS = (
    ("alice", "alice@example.org"),
    ("bob", "bob@example.org"),
    ("carol", "carol@example.org"),
    ("dave", "dave@example.org"),
)
"""Demo players, one per side in the scenario's order."""
SERVER = "orders@campaign.example"
MAX_MAILS = 400


class DemoError(Exception):
    """The demo cannot run (a previous demo is in the way, or the game got stuck)."""


class SimClock:
    """A clock that moves only when told: every event's `at` comes from here during the demo."""

    def __init__(self, start: datetime = START):
        self.now = start

    def __call__(self) -> str:
        return self.now.isoformat().replace("+00:00", "Z")

    def advance(self, minutes: int) -> None:
        self.now += timedelta(minutes=minutes)


def demo_seeds(seed: int) -> Callable[[str, int], bytes]:
    """Dice seeds derived from the demo's --seed (reproducible demo runs only)."""
    key = hashlib.sha256(f"campaign-demo-{seed}".encode()).digest()

    def seeds(stream: str, seed_no: int) -> bytes:
        return hmac.new(key, f"{stream}/{seed_no}".encode(), hashlib.sha256).digest()

    return seeds


@dataclass
class DemoSummary:
    """What the demo did and where to look."""

    out: Path
    game: int
    scenario: str
    sides: dict[str, str]
    winner: str | None
    reason: str
    turns: int
    events: int
    dice: int
    mails_in: int
    mails_out: int
    chain_head: str
    site: Path
    passwords: dict[str, str]

    def lines(self) -> list[str]:
        who = f"{self.winner} ({self.sides.get(self.winner or '', '?')})" if self.winner else "nobody: a draw"
        boxes = ", ".join(f"{name}/" for name in self.passwords)
        return [
            f"Game {self.game} ({self.scenario}) is over after {self.turns} turns: {self.reason}.",
            f"Winner: {who}.",
            f"{self.events} events in the log ({self.dice} dice), {self.mails_in} order mails in,"
            f" {self.mails_out} replies and digests out.",
            f"Chain head: {self.chain_head}",
            "",
            "Where to look:",
            f"  the archive:        {self.site / 'index.html'}",
            f"  the server's mail:  {self.out / 'outbox'} (every reply and digest, Maildir; read with mutt -f)",
            f"  players' mailboxes: {self.out / 'mailboxes'} (Maildirs: {boxes})",
            f"  the campaign file:  {self.out / 'campaign.db'}  (try: campaign --db {self.out / 'campaign.db'} log 1)",
            f"  check it all:       campaign --db {self.out / 'campaign.db'} audit verify",
        ]


@dataclass(frozen=True, slots=True)
class DemoProgress:
    """Where the demo battle stands: told once per game turn, and once at the end."""

    turn: int
    limit: int
    mails_in: int
    mails_out: int
    over: bool = False

    def line(self) -> str:
        what = "the battle is over" if self.over else f"turn {self.turn} of at most {self.limit}"
        return f"{what}: {self.mails_in} order mails in, {self.mails_out} replies and digests out so far"


def run_demo(
    out: Path,
    seed: int = 1,
    *,
    ruleset: str = "hordes-heroes",
    scenario: str | None = None,
    force: bool = False,
    progress: Callable[[DemoProgress], None] | None = None,
) -> DemoSummary:
    """Play a whole game between computer players through the mail path; write the archive.

    `scenario` is a shipped name or a file; None takes the ruleset's `default_scenario`
    (else its first shipped scenario).
    """
    rs, source, sides_order = _choose(ruleset, scenario)
    out = Path(out)
    _clear(out, force)
    clock = SimClock()
    store = open_store(out / "campaign.db", create=True)
    store.clock = clock
    camp = Campaign(store, seeds=demo_seeds(seed))
    camp.init("demo")
    players = PLAYERS[: len(sides_order)]
    passwords: dict[str, str] = {}
    for name, address in players:
        camp.add_player(name, address)
        passwords[name] = hashlib.sha256(f"demo-{seed}-{name}".encode()).hexdigest()[:10]
        camp.set_password(name, passwords[name])
    sides = {side: name for side, (name, _) in zip(sides_order, players, strict=True)}
    gs = camp.new_game(rs.name, source, sides)
    limit = rs.turn_limit(gs.state) or 20
    mails = _play_by_mail(camp, rs, gs.number, out, dict(players), passwords, seed, clock, (limit, progress))
    mails_in, mails_out = mails
    gs = camp.load(gs.number)
    from campaign.site import write_site

    site = out / "site"
    write_site(camp, site)
    head_seq, head = camp.store.head()
    dice_count = sum(1 for e in camp.store.read(stream=gs.stream) if e.type == "DiceRolled")
    ended = gs.ended or {}
    summary = DemoSummary(
        out=out,
        game=gs.number,
        scenario=gs.scenario,
        sides=dict(gs.sides),
        winner=ended.get("winner"),
        reason=str(ended.get("reason", "")),
        turns=gs.turn,
        events=head_seq,
        dice=dice_count,
        mails_in=mails_in,
        mails_out=mails_out,
        chain_head=head,
        site=site,
        passwords=passwords,
    )
    store.close()
    return summary


def _play_by_mail(
    camp: Campaign,
    rs: Ruleset,
    game: int,
    out: Path,
    addresses: dict[str, str],
    passwords: dict[str, str],
    seed: int,
    clock: SimClock,
    bar: tuple[int, Callable[[DemoProgress], None] | None],
) -> tuple[int, int]:
    """Mail the computer players' orders in, one at a time, until the game ends; (mails in, mails out)."""
    # the demo's mail never passes a real receiving server (no Authentication-Results): accept unchecked
    # mail explicitly, so the SIGNON password is the check, as docs/security.md describes
    settings = MailSettings(outbox=out / "outbox", sender=f"Campaign referee <{SERVER}>", unchecked=Unchecked.ACCEPT)
    inbox_dir = out / "inbox"
    inbox = mailbox.Maildir(inbox_dir, create=True)
    (out / "mailboxes").mkdir(exist_ok=True)
    boxes = {name: mailbox.Maildir(out / "mailboxes" / name, create=True) for name in addresses}
    mails_in = mails_out = 0
    mails_out += _deliver(settings, boxes, addresses, camp, settings_first=True)
    limit, progress = bar
    told = 0
    for n in range(MAX_MAILS):
        gs = camp.load(game)
        if progress is not None and (gs.turn != told or gs.ended is not None):
            progress(DemoProgress(gs.turn, limit, mails_in, mails_out, gs.ended is not None))
            told = gs.turn
        if gs.ended is not None:
            return mails_in, mails_out
        requests = [r for r in camp.awaiting(gs) if not r.optional or r.kind is RequestKind.DECISION]
        if not requests:
            raise DemoError(f"game {gs.number} is waiting for nobody at turn {gs.turn}; the demo cannot go on")
        for req in requests[:1]:  # one mail at a time, as players would send them
            player = gs.sides[req.side]
            bot_seed = int(hashlib.sha256(f"{seed}/{gs.seq}/{req.side}".encode()).hexdigest()[:8], 16)
            text = rs.bot_orders(gs.state, req.side, bot_seed)
            inbox.add(_order_mail(player, addresses[player], gs.number, passwords[player], text, seed, n, clock))
            mails_in += 1
        clock.advance(47)
        results = ingest(camp, str(inbox_dir), settings)
        refused = [r for r in results if r.outcome is MailOutcome.REFUSED]
        if refused:
            raise DemoError(
                f"a computer player's orders were refused ({', '.join(refused[0].codes)}):\n{refused[0].reply}"
            )
        mails_out += _deliver(settings, boxes, addresses, camp)
        clock.advance(13)
    raise DemoError(f"the battle did not end within {MAX_MAILS} mails")


def _choose(ruleset: str, scenario: str | None) -> tuple[Ruleset, str, tuple[str, ...]]:
    """The ruleset, the scenario to play (name or file) and its sides; DemoError if it cannot be demonstrated."""
    from campaign.kit.scenario_file import ScenarioError
    from campaign.scenarios import ScenarioNotFound, scenario_source

    try:
        rs = find(ruleset)
    except UnknownRuleset as exc:
        raise DemoError(str(exc)) from None
    if type(rs).bot_orders is Ruleset.bot_orders:
        raise DemoError(f"{rs.name} has no computer player yet, so it cannot play a demo")
    if scenario is None:
        shipped = [s.name for s in rs.scenarios()]
        scenario = rs.default_scenario or (shipped[0] if shipped else "")
    try:
        _, info = scenario_source(rs, scenario)
    except (ScenarioNotFound, ScenarioError, NotImplementedError) as exc:
        raise DemoError(f"{rs.name} cannot play scenario {scenario!r}: {exc}") from None
    if len(info.sides) > len(PLAYERS):
        raise DemoError(f"scenario {scenario!r} has {len(info.sides)} sides; the demo has {len(PLAYERS)} players")
    return rs, scenario, info.sides


def _clear(out: Path, force: bool) -> None:
    db = out / "campaign.db"
    if db.exists():
        if not force:
            raise DemoError(f"{db} already exists: choose another --out, or add --force to replace that demo")
        for name in ("campaign.db", "campaign.db-wal", "campaign.db-shm"):
            (out / name).unlink(missing_ok=True)
        for sub in ("inbox", "outbox", "sent", "mailboxes", "site"):
            shutil.rmtree(out / sub, ignore_errors=True)
    out.mkdir(parents=True, exist_ok=True)


def _order_mail(
    player: str, address: str, game: int, password: str, text: str, seed: int, n: int, clock: SimClock
) -> bytes:
    msg = EmailMessage()
    msg["From"] = f"{player.capitalize()} <{address}>"
    msg["To"] = SERVER
    msg["Subject"] = f"game {game} orders"
    msg["Date"] = format_datetime(clock.now)
    msg["Message-ID"] = f"<demo-{seed}-{n}.{player}@example.org>"
    msg.set_content(f"SIGNON {player}@{game} {password}\n{text}\n")
    return msg.as_bytes()


def _deliver(
    settings: MailSettings,
    boxes: dict[str, mailbox.Maildir],
    addresses: dict[str, str],
    camp: Campaign,
    *,
    settings_first: bool = False,
) -> int:
    """Local delivery: hand each queued mail to its recipients' Maildirs; it stays in the outbox, marked seen.

    A real server would run `campaign mail send`; the demo has no mail server, so it delivers to the
    players' Maildirs itself and keeps every mail it sent in outbox/cur/ for you to read.
    """
    from email import message_from_bytes
    from email.utils import getaddresses

    if settings_first:
        from campaign.mailflow import dispatch

        dispatch(camp, settings)
    new = settings.outbox / "new"
    if not new.is_dir():
        return 0
    by_address = {a.lower(): name for name, a in addresses.items()}
    delivered = settings.outbox / "cur"
    delivered.mkdir(exist_ok=True)
    count = 0
    for path in sorted(new.iterdir()):
        raw = path.read_bytes()
        msg = message_from_bytes(raw)
        for _, addr in getaddresses(msg.get_all("To", []) + msg.get_all("Cc", [])):
            who = by_address.get(addr.lower())
            if who is not None:
                boxes[who].add(raw)
        path.rename(delivered / f"{path.name}:2,S")
        count += 1
    return count


def check_summary(summary: DemoSummary) -> list[str]:
    """Problems with a finished demo, if any (used by tests and by `campaign demo` itself)."""
    problems: list[str] = []
    if not (summary.site / "index.html").exists():
        problems.append("the archive has no index.html")
    if summary.mails_out == 0:
        problems.append("no digests were written")
    return problems


__all__ = ["DemoError", "DemoSummary", "SimClock", "check_summary", "demo_seeds", "run_demo"]
