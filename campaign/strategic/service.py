"""The map campaign's use cases over the core's `Campaign`: create the battles the strategic turn made,
feed finished battles back, record a battle fought on a real table (an edge: writes scenario files).

The link between a campaign and each of its battles is logged as a `BattleLinked` event in the
campaign stream (strategic game, turn, region, battle game, which battle unit is which roster
unit); each battle is a game of its own stream; its result goes into the strategic game as the
umpire's orders, so replaying the streams rebuilds the whole campaign [CAMP.LOG.1].
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from campaign import eventdata as ed
from campaign.events import CAMPAIGN_STREAM, EventType
from campaign.service import Campaign, UserError
from campaign.strategic.battles import losses_from, plan_battle, result_text
from campaign.strategic.model import UMPIRE

RULESET_NAME = "campaign-map"


@dataclass(frozen=True, slots=True)
class Link:
    """One battle of a map campaign, as its `BattleLinked` event says."""

    campaign: int
    turn: int
    region: str
    battle: int
    ruleset: str
    units: dict[str, list[Any]]
    seq: int


def strategic_games(camp: Campaign) -> list[int]:
    """Numbers of the map campaigns (games of the `campaign-map` rule system) in the file."""
    out = []
    for stream in camp.games():
        created = next(iter(camp.store.read(stream=stream)), None)
        if created is not None and created.payload.get("ruleset") == RULESET_NAME:
            out.append(int(stream.split(":")[1]))
    return out


def links(camp: Campaign, campaign: int | None = None) -> list[Link]:
    """Every battle linked to a map campaign (or to `campaign`), in the order they were created."""
    out = []
    for ev in camp.store.read_type(CAMPAIGN_STREAM, EventType.BATTLE_LINKED.value):
        p = ev.payload
        if campaign is None or p["campaign"] == campaign:
            out.append(Link(p["campaign"], p["turn"], p["region"], p["battle"], p["ruleset"], p["units"], ev.seq))
    return out


def _create_battle(camp: Campaign, number: int, battle: Mapping[str, Any], workdir: Path) -> str:
    gs = camp.load(number)
    state = gs.state
    ruleset = state["battle_ruleset"]
    plan = plan_battle(state, battle, ruleset)
    folder = workdir / "battles"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"campaign{number}-turn{state['turn']}-{battle['region']}.toml"
    path.write_text(plan.text, encoding="utf-8")
    sides = {s: gs.sides[s] for s in plan.sides}
    bgs = camp.new_game(ruleset, str(path), sides)
    link = ed.BattleLinked(
        campaign=number,
        turn=state["turn"],
        region=battle["region"],
        battle=bgs.number,
        ruleset=ruleset,
        units=plan.units,
        scenario_file=path.name,
    )
    version = camp.store.version(CAMPAIGN_STREAM)
    camp.store.append([link.new_event(CAMPAIGN_STREAM)], expected={CAMPAIGN_STREAM: version})
    return f"campaign {number}: {plan.title} is game {bgs.number}"


@dataclass(frozen=True, slots=True)
class Synced:
    """What `strategic sync` did: one line per battle created or result filed (none: nothing to do)."""

    done: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {"done": list(self.done)}

    def text(self) -> str:
        return "\n".join(self.done) if self.done else "nothing to do"


@dataclass(frozen=True, slots=True)
class TableResult:
    """A battle fought on a real table, as filed on the map campaign (the umpire's orders text)."""

    filed: str

    def as_json(self) -> dict[str, Any]:
        return {"filed": self.filed}

    def text(self) -> str:
        return f"filed:\n{self.filed}"


def sync(camp: Campaign, workdir: Path) -> Synced:
    """Bring every map campaign up to date: create a game for each new battle, file the result of each
    battle game that ended. What happened, one line each (nothing when there was nothing to do)."""
    said: list[str] = []
    for number in strategic_games(camp):
        gs = camp.load(number)
        if gs.ended is not None or gs.state["phase"] != "battles":
            continue
        linked = {lk.region: lk for lk in links(camp, number) if lk.turn == gs.state["turn"]}
        for battle in gs.state["battles"]:
            if battle["result"] is not None:
                continue
            link = linked.get(battle["region"])
            if link is None:
                said.append(_create_battle(camp, number, battle, workdir))
                continue
            bgs = camp.load(link.battle)
            if bgs.ended is None:
                continue
            losses = losses_from(bgs.ruleset, bgs.state, link.units)
            winner = bgs.ended.get("winner")
            text = result_text(battle["region"], winner, link.battle, losses)
            camp.submit_orders(number, gs.sides[UMPIRE], text, side=UMPIRE)
            said.append(f"campaign {number}: game {link.battle} ended ({winner or 'a draw'}); losses filed")
            gs = camp.load(number)
    return Synced(tuple(said))


def record_table_result(
    camp: Campaign, number: int, region: str, winner: str | None, losses: Mapping[str, Mapping[str, int]], reason: str
) -> TableResult:
    """The referee records a battle fought on a real table [CAMP.BATTLE.5]; it feeds back like any other."""
    gs = camp.load(number)
    if gs.ruleset.name != RULESET_NAME:
        raise UserError(f"game {number} is not a map campaign (it is {gs.ruleset.name})")
    if not reason.strip():
        raise UserError("say why with --reason (where and when it was fought, who reported it)")
    text = result_text(region, winner, None, losses, reason)
    camp.submit_orders(number, gs.sides[UMPIRE], text, side=UMPIRE)
    return TableResult(text)


def parse_losses(items: tuple[str, ...]) -> dict[str, dict[str, int]]:
    """`--loss ARMY:UNIT=STANDS` options as a table; UserError naming a bad one."""
    out: dict[str, dict[str, int]] = {}
    for item in items:
        army, _, rest = item.partition(":")
        unit, _, n = rest.partition("=")
        if not army or not unit or not n.isdigit():
            raise UserError(f"--loss {item!r}: write ARMY:UNIT=STANDS, e.g. --loss N1:N1.2=2")
        out.setdefault(army, {})[unit] = int(n)
    return out
