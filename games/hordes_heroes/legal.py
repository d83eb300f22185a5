"""What each of a side's units may do in its bound, as data (`campaign.kit.legal`) [HH.MOVE.*, HH.SHOOT.*, HH.CMD.*].

`legal_options(state, side)` prepares the bound as the runner will (no Command Move, command fixed,
aggressive units' attacks made: `engine.tactical_movement`) and lists, per unit:

- the hexes it can reach, with the MP spent and the path (HH.MOVE.4, HH.HEX.16), a move that ends
  in contact listed as a charge (HH.MOVE.27);
- the facings it may take and the formation changes it may make by the single-hex move (HH.MOVE.17);
- the enemy units it could shoot at from where it stands, in range, arc and line (HH.SHOOT.6-8);
- its command status: under command, or why not, with the numbers (HH.CMD.4-13).

After the units, one entry per live general of the side, named `general N`: the hexes his Command Move
reaches, each with its path (HH.CMD.1, HH.GEN.16, HH.GEN.17), for the order sheet and LEGAL.

Every option carries the exact order line, and every move, facing and formation option is checked with
the bound's order table (`table.ORDERS`): submitted alone, it is accepted. Shooting lines are choices for
the Shooting Phase, after movement: they are listed as the board stands now.
"""

from __future__ import annotations

from campaign.hexgrid import Hex
from campaign.kit.legal import LegalOptions, Option, OptionKind, UnitOptions

from . import orders as O
from .command import can_command
from .engine import default_deployment, deploy_zone_ok, phase_label, tactical_movement
from .geometry import Facing
from .model import Formation, Unit
from .movement import Illegal, MoveSim, allowance, uname
from .shooting import can_target, may_shoot
from .state import GameState, Phase
from .table import ORDERS, Bound


def legal_options(state: GameState, side: str) -> LegalOptions:
    """`side`'s legal options now; outside its bound, only notes on what it may send."""
    phase = phase_label(state)
    if state.phase is Phase.GAME_OVER:
        return LegalOptions(side, phase, notes=("the game is over",))
    if state.phase is Phase.INITIATIVE:
        return LegalOptions(side, phase, notes=("send `deploy first|second` and `edge north|south` (HH.SEQ.4)",))
    if state.phase is Phase.DEPLOYMENT:
        if side != state.deploying:
            return LegalOptions(side, phase, notes=(deployment_note(state, side),))
        return LegalOptions(side, phase, deployment_options(state, side), notes=(deployment_note(state, side),))
    if side != state.phasing:
        return LegalOptions(side, phase, notes=(f"it is {state.phasing}'s bound: only standing orders (HH.SEQ.9)",))
    generals = general_options(state, side)
    b = tactical_movement(state.copy(), side, [], None)
    units = tuple(unit_options(b, u) for u in b.state.live_units(side) if u.on_table)
    return LegalOptions(
        side, phase, units + generals, notes=("general moves (the Command Move) come first (HH.SEQ.10)",)
    )


def general_options(state: GameState, side: str) -> tuple[UnitOptions, ...]:
    """Each general's Command Move: every hex he can reach, by the first path with the fewest hexes that
    the Command Move rules accept (HH.CMD.1, HH.GEN.16, HH.GEN.17); written before unit orders (HH.SEQ.10).
    Unit moves are listed as if no general moved: a general's move may change who is in command."""
    b = Bound(state.copy(), side)
    out = []
    for g in sorted(state.generals.values(), key=lambda g: g.id):
        if g.side != side or not g.alive or g.hex is None:
            continue
        ends: dict[Hex, tuple[Hex, ...]] = {}
        frontier: list[tuple[Hex, ...]] = [()]
        while frontier:
            nxt = []
            for path in frontier:
                for n in (path[-1] if path else g.hex).neighbours():
                    if n == g.hex or n in ends or not ORDERS.can(b, O.GeneralMove(0, g.id, (*path, n))):
                        continue
                    ends[n] = (*path, n)
                    nxt.append(ends[n])
            frontier = nxt
        options = []
        for end in sorted(ends, key=lambda h: (len(ends[h]), h)):
            steps = tuple(state.label(h) for h in ends[end])
            detail = f"{len(steps)} hexes, Command Move: before the unit orders"
            options.append(
                Option(OptionKind.MOVE, " ".join(["general", str(g.id), *steps]), steps[-1], len(steps), steps, detail)
            )
        name = f"general {g.id}"
        notes = (f"command range {g.cr}",) if options else (f"command range {g.cr}", "no Command Move now")
        out.append(UnitOptions(name, g.name, state.label(g.hex), tuple(options), notes))
    return tuple(out)


def deployment_note(state: GameState, side: str) -> str:
    if side != state.deploying:
        return f"it is {state.deploying}'s turn to deploy (HH.SEQ.8)"
    zone = sum(1 for h in state.field.spec.hexes() if deploy_zone_ok(state, side, h))
    return (
        f"deploy every unit and general in one message: {zone} hexes within {state.options.deploy_depth}"
        f" hexes of the {state.edges[side].value} edge (HH.SEQ.2, HH.PD.5)"
    )


def deployment_options(state: GameState, side: str) -> tuple[UnitOptions, ...]:
    """One legal placement for each unit and general (the default line-up: any free zone hex a unit may occupy
    will do), with the zone's rows and the facing toward the enemy (HH.SEQ.2, HH.PD.5)."""
    rows = sorted(
        {state.field.spec.to_label_pair(h)[1] for h in state.field.spec.hexes() if deploy_zone_ok(state, side, h)}
    )
    zone = f"zone rows {rows[0]:02d}-{rows[-1]:02d}" if rows else "no zone"
    out = []
    for line in default_deployment(state, side).splitlines():
        words = line.split()
        if words[0] == "unit":
            u = state.units[int(words[1])]
            detail = f"{zone}; face {words[4]} toward the enemy, or any point facing"
            out.append(
                UnitOptions(
                    words[1],
                    u.name,
                    "not deployed",
                    (Option(OptionKind.MOVE, line, words[2], path=(words[2],), detail=detail),),
                )
            )
        else:
            g = state.generals[int(words[1])]
            detail = "with one of your units or on any zone hex"
            out.append(
                UnitOptions(
                    f"g{words[1]}",
                    g.name,
                    "not deployed",
                    (Option(OptionKind.MOVE, line, words[2], path=(words[2],), detail=detail),),
                )
            )
    return tuple(out)


def unit_options(b: Bound, u: Unit) -> UnitOptions:
    state = b.state
    assert u.hex is not None
    options = moves(b, u) + turns(b, u) + shots(state, u) + skirmish_options(b, u)
    return UnitOptions(str(u.id), u.name, state.label(u.hex), tuple(options), (command_note(state, u),))


def skirmish_options(b: Bound, u: Unit) -> list[Option]:
    """2012 skirmish order (HH12.SPEC.1, HH12.SPEC.7, ruling HH12.SPEC.A1 item 2): for a unit allowed to skirmish,
    each straight chain of its stands through or next to its hex that `disperse` accepts; for a stand, each hex
    at or next to one of its unit's stands where `reform` gathers them. Every line is checked with the order
    table."""
    state = b.state
    if not state.rules.skirmish_order or not state.profile(u).skirmisher:
        return []
    out: list[Option] = []
    if u.skirmish_of is None:
        seen: set[frozenset[Hex]] = set()
        for d in range(6):
            step = u.at.neighbour(d) - u.at
            for start in range(-(u.stands - 1), 1):
                hexes = [u.at]
                for _ in range(abs(start)):
                    hexes[0] = hexes[0] - step
                for _ in range(u.stands - 1):
                    hexes.append(hexes[-1] + step)
                key = frozenset(hexes)
                if key in seen or not all(state.field.on_map(h) for h in hexes):
                    continue
                seen.add(key)
                o = O.Disperse(0, u.id, tuple(hexes))
                if not ORDERS.verify(b, o):
                    line = " ".join(["disperse", str(u.id), *(state.label(h) for h in hexes)])
                    where = state.label(hexes[0])
                    out.append(Option(OptionKind.FORMATION, line, where, None, (), "skirmish order, one stand per hex"))
        return out
    group = [v for v in state.live_units(u.side) if v.skirmish_of == u.skirmish_of]
    if u.id != min(v.id for v in group):
        return []  # listed once, under the unit's first stand left
    cands = sorted({h for v in group for h in (v.at, *v.at.neighbours()) if state.field.on_map(h)})
    for h in cands:
        if not ORDERS.verify(b, O.Reform(0, u.id, h)):
            line = f"reform {u.id} {state.label(h)}"
            out.append(Option(OptionKind.FORMATION, line, state.label(h), None, (), "reform the skirmish unit"))
    return out


def command_note(state: GameState, u: Unit) -> str:
    """Under command, or why not, with the numbers (HH.CMD.4, HH.CMD.5, HH.CMD.10, HH.CMD.13)."""
    if u.id in state.commanded:
        return "in command [HH.CMD.4]"
    if u.disrupted:
        return "out of command: disrupted units are never under command [HH.CMD.13]"
    assert u.hex is not None
    generals = [g for g in state.generals.values() if g.side == u.side and can_command(state, g) and g.hex]
    if not generals:
        return "out of command: no general of the side can command [HH.CMD.3]"
    here = u.hex
    g = min(generals, key=lambda g: (here.distance(g.hex) if g.hex else 99, g.id))
    assert g.hex is not None
    d = u.hex.distance(g.hex)
    if state.profile(u).horde:
        return (
            f"out of command: a horde must host or touch a general, or be chained to one that does;"
            f" the nearest, general {g.id}, is {d} hexes away [HH.CMD.10]"
        )
    return (
        f"out of command: the nearest general, {g.id}, is {d} hexes away (command range {g.cr});"
        " no range path reaches it and no chain of friends links it [HH.CMD.5, HH.CMD.9]"
    )


def _move_option(state: GameState, u: Unit, sim: MoveSim) -> Option:
    steps = tuple(state.label(h) for h in sim.steps)
    order = " ".join(["move", str(u.id), *steps])
    if sim.contacts:
        who = ", ".join(str(c) for c in sim.contacts)
        return Option(OptionKind.CHARGE, order, who, sim.mp, steps, f"{sim.mp} MP, contacts unit {who}")
    return Option(OptionKind.MOVE, order, steps[-1], sim.mp, steps, f"{sim.mp} MP")


def moves(b: Bound, u: Unit) -> list[Option]:
    """Every end hex reachable by the cheapest path found, breadth-first (HH.HEX.16, HH.MOVE.4)."""
    state = b.state
    limit = allowance(state, u, True)
    start = MoveSim(state, u)
    seen: dict[tuple[Hex, bool], int] = {(start.hex, True): 0, (start.hex, False): 0}
    ends: dict[Hex, Option] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for s in frontier:
            for n in s.hex.neighbours():
                s2 = s.clone()
                try:
                    s2.step(n)
                except Illegal:
                    continue
                key = (s2.hex, s2.road_ok)
                if s2.mp > limit or (key in seen and seen[key] <= s2.mp):
                    continue
                seen[key] = s2.mp
                if s2.hex not in ends and ORDERS.can(b, O.Move(0, u.id, tuple(s2.steps))):
                    ends[s2.hex] = _move_option(state, u, s2)
                if not s2.contacts and s2.stop_reason is None and s2.whole_reason is None and s2.mp < limit:
                    nxt.append(s2)
        frontier = nxt
    return [ends[h] for h in sorted(ends, key=lambda h: (ends[h].cost or 0, h))]


def turns(b: Bound, u: Unit) -> list[Option]:
    """Facings and formation changes in place, by the free single-hex move (HH.MOVE.17); none in 2012 (HH12.MOV.12)."""
    out: list[Option] = []
    if not b.state.rules.single_hex_rule:
        return out
    for f in Facing:
        if f != u.facing and ORDERS.can(b, O.Single(0, u.id, None, f, None)):
            out.append(Option(OptionKind.FACE, f"single {u.id} face {f.name}", f.name, 0, (), "single-hex move"))
    for form in (Formation.COLUMN, Formation.DEPLOYED):
        if form != u.formation and ORDERS.can(b, O.Single(0, u.id, None, None, form)):
            line = f"single {u.id} {form.value}"
            out.append(Option(OptionKind.FORMATION, line, form.value, 0, (), "single-hex move"))
    return out


def shots(state: GameState, u: Unit) -> list[Option]:
    """Enemy units in range, arc and line from where the unit stands now (HH.SHOOT.6-8, HH.PD.22)."""
    ok, only = may_shoot(state, u, True)
    if not ok or u.hex is None:
        return []
    out = []
    for v in state.live_units(state.other(u.side)):
        if v.hex is None or (only is not None and v.id not in only) or not can_target(state, u, v, u.facing):
            continue
        d = u.hex.distance(v.hex)
        detail = f"{uname(v)} at range {d}, in the front arc, line clear (before this bound's moves)"
        out.append(Option(OptionKind.SHOOT, f"shoot {u.id} at {v.id}", str(v.id), None, (), detail, later=True))
    return out
