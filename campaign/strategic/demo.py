"""`campaign demo --campaign`: computer players run a small map campaign through the real mail path.

Alice commands the north, Bob the south, and the referee plays the umpire. Every strategic move and
every battle order is a mail (SIGNON, checked, filed, answered, digests out); after each mail the
campaign brings itself up to date (`campaign.strategic.service.sync`): it creates a battle game of the
map's rule system for each clash, and files each finished battle's result into the strategic game,
so the losses carry into the rosters of later turns. At the end the archive is written, with the
campaign's own pages (campaign.strategic.site).
"""

from __future__ import annotations

import hashlib
import mailbox
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from campaign.demo import DemoError, SimClock, _clear, _deliver, _order_mail, demo_seeds
from campaign.eventlog import open_store
from campaign.mail.ledger import Unchecked
from campaign.mailflow import MailSettings, ingest
from campaign.ruleset import RequestKind
from campaign.service import Campaign
from campaign.strategic.model import UMPIRE
from campaign.strategic.service import sync

SERVER = "orders@campaign.example"
PLAYERS = {"alice": "alice@example.org", "bob": "bob@example.org", "referee": "referee@example.org"}
SIDES = {"north": "alice", "south": "bob", UMPIRE: "referee"}
MAX_MAILS = 600


@dataclass
class CampaignDemoSummary:
    out: Path
    campaign: int
    battles: list[int]
    turns: int
    result: str
    mails_in: int
    mails_out: int
    events: int
    chain_head: str
    site: Path
    carried: list[str]
    """Armies whose losses in one battle showed in the starting roster of a later one."""

    def lines(self) -> list[str]:
        return [
            f"Map campaign (game {self.campaign}) over after {self.turns} strategic turns: {self.result}.",
            f"{len(self.battles)} battles fought by mail: games {', '.join(map(str, self.battles))}.",
            "Losses carried into a later battle: " + ("; ".join(self.carried) or "none") + ".",
            f"{self.events} events, {self.mails_in} order mails in, {self.mails_out} replies and digests out.",
            f"Chain head: {self.chain_head}",
            "",
            f"  the campaign's page: {self.site / 'campaign' / f'{self.campaign}.html'}",
            f"  the archive:         {self.site / 'index.html'}",
            f"  standings:           campaign --db {self.out / 'campaign.db'} standings",
            f"  check it all:        campaign --db {self.out / 'campaign.db'} audit verify",
        ]


def _next_request(camp: Campaign) -> tuple[int, str] | None:
    """The first (game, side) a computer player must write to, battles before the map."""
    for stream in reversed(camp.games()):
        gs = camp.load(stream)
        if gs.ended is not None:
            continue
        for r in camp.awaiting(gs):
            if r.side != UMPIRE and (not r.optional or r.kind is RequestKind.DECISION):
                return gs.number, r.side
    return None


def run_campaign_demo(
    out: Path,
    seed: int = 1,
    *,
    force: bool = False,
    progress: Callable[[str], None] | None = None,
    table_battles: int = 0,
) -> CampaignDemoSummary:
    """Play the shipped `marches` campaign between computer players by mail; write the archive.

    `table_battles`: the first so many battles are not played as games but "fought on a table" and
    recorded by the referee (`record_table_result`), as a club would (tests use it)."""
    out = Path(out)
    _clear(out, force)
    shutil_battles(out)
    clock = SimClock()
    store = open_store(out / "campaign.db", create=True)
    store.clock = clock
    camp = Campaign(store, seeds=demo_seeds(seed))
    camp.init("demo campaign")
    passwords = {}
    for name, address in PLAYERS.items():
        camp.add_player(name, address)
        passwords[name] = hashlib.sha256(f"demo-{seed}-{name}".encode()).hexdigest()[:10]
        camp.set_password(name, passwords[name])
    number = camp.new_game("campaign-map", "marches", SIDES).number
    mails = _run(camp, out, passwords, seed, clock, progress, table_battles)
    from campaign.site import write_site

    write_site(camp, out / "site")
    from campaign.strategic.service import links

    gs = camp.load(number)
    head_seq, head = camp.store.head()
    summary = CampaignDemoSummary(
        out,
        number,
        [lk.battle for lk in links(camp, number)],
        gs.turn,
        str((gs.ended or {}).get("reason", "")),
        mails[0],
        mails[1],
        head_seq,
        head,
        out / "site",
        _carried_lines(camp),
    )
    store.close()
    return summary


def shutil_battles(out: Path) -> None:
    import shutil

    shutil.rmtree(out / "battles", ignore_errors=True)


def _run(
    camp: Campaign,
    out: Path,
    passwords: dict[str, str],
    seed: int,
    clock: SimClock,
    progress: Callable[[str], None] | None,
    table_battles: int = 0,
) -> tuple[int, int]:
    settings = MailSettings(outbox=out / "outbox", sender=f"Campaign referee <{SERVER}>", unchecked=Unchecked.ACCEPT)
    inbox_dir = out / "inbox"
    inbox = mailbox.Maildir(inbox_dir, create=True)
    (out / "mailboxes").mkdir(exist_ok=True)
    boxes = {name: mailbox.Maildir(out / "mailboxes" / name, create=True) for name in PLAYERS}
    mails_in, mails_out = 0, _deliver(settings, boxes, PLAYERS, camp, settings_first=True)
    for n in range(MAX_MAILS):
        if table_battles > 0 and _record_by_hand(camp):
            table_battles -= 1
        for line in sync(camp, out).done:
            if progress is not None:
                progress(line)
        mails_out += _deliver(settings, boxes, PLAYERS, camp, settings_first=True)
        if camp.load(camp.games()[0]).ended is not None:
            return mails_in, mails_out
        nxt = _next_request(camp)
        if nxt is None:
            raise DemoError("the campaign is waiting for nobody; it cannot go on")
        game, side = nxt
        gs = camp.load(game)
        player = gs.sides[side]
        bot_seed = int(hashlib.sha256(f"{seed}/{game}/{gs.seq}/{side}".encode()).hexdigest()[:8], 16)
        text = gs.ruleset.bot_orders(gs.state, side, bot_seed)
        inbox.add(_order_mail(player, PLAYERS[player], game, passwords[player], text, seed, n, clock))
        mails_in += 1
        clock.advance(47)
        refused = [r for r in ingest(camp, str(inbox_dir), settings) if r.outcome == "refused"]
        if refused:
            raise DemoError(
                f"a computer player's orders were refused ({', '.join(refused[0].codes)}):\n{refused[0].reply}"
            )
        mails_out += _deliver(settings, boxes, PLAYERS, camp)
        clock.advance(13)
    raise DemoError(f"the campaign did not end within {MAX_MAILS} mails")


def _record_by_hand(camp: Campaign) -> bool:
    """The referee records the first battle no game was created for: the stronger side wins; the loser's
    units lose half their stands, the winner's first unit one stand [CAMP.BATTLE.5]."""
    from campaign.strategic.rules import strength
    from campaign.strategic.service import links, record_table_result

    number = int(camp.games()[0].split(":")[1])
    st = camp.load(number).state
    if st["phase"] != "battles":
        return False
    linked = {lk.region for lk in links(camp, number) if lk.turn == st["turn"]}
    for b in st["battles"]:
        if b["result"] is not None or b["region"] in linked:
            continue
        power = {
            s: sum(strength(st["armies"][a]) for a in b["armies"] if st["armies"][a]["side"] == s) for s in st["sides"]
        }
        winner = max(sorted(power), key=lambda s: power[s])
        losses: dict[str, dict[str, int]] = {}
        for aid in b["armies"]:
            army = st["armies"][aid]
            live = [u for u in army["units"] if u["stands"] > 0]
            if army["side"] == winner:
                losses[aid] = {live[0]["id"]: 1}
            else:
                losses[aid] = {u["id"]: u["stands"] // 2 for u in live if u["stands"] // 2}
        record_table_result(camp, number, b["region"], winner, losses, "fought at the club on a real table")
        return True
    return False


def _carried_lines(camp: Campaign) -> list[str]:
    from campaign.strategic.standings import standings

    battles = standings(camp).battles
    out = []
    for aid, i, j in carried_losses({"battles": battles}):
        early, later = battles[i], battles[j]
        out.append(
            f"{aid} lost {early['armies'][aid]['lost']} stands in game {early['game'] or '(table)'} and began"
            f" game {later['game'] or '(table)'} with {sum(later['armies'][aid]['start'].values())}"
        )
    return out


def check_campaign_summary(summary: CampaignDemoSummary) -> list[str]:
    """What the demo must show, if missing: >= 3 strategic turns, >= 2 battles, losses carried, an archive."""
    problems = []
    if summary.turns < 3:
        problems.append(f"only {summary.turns} strategic turns")
    if len(summary.battles) < 2:
        problems.append(f"only {len(summary.battles)} battles")
    if not summary.carried:
        problems.append("no army carried its losses into a later battle")
    if not (summary.site / "campaign" / f"{summary.campaign}.html").exists():
        problems.append("the archive has no campaign page")
    return problems


def carried_losses(data: dict[str, Any]) -> list[tuple[str, int, int]]:
    """(army, battle index, index of the army's next battle) where the army lost stands and began its next
    battle with fewer stands than it began the first with: its losses were carried over [CAMP.REC.3]."""
    out = []
    battles = data["battles"]
    for i, early in enumerate(battles):
        for aid, a in early["armies"].items():
            j = next((k for k in range(i + 1, len(battles)) if aid in battles[k]["armies"]), None)
            if (
                j is not None
                and a["lost"]
                and sum(battles[j]["armies"][aid]["start"].values()) < sum(a["start"].values())
            ):
                out.append((aid, i, j))
    return out
