"""Unit cards and army status in Hordes & Heroes terms, for the UNITS and STATUS mails and `show --units`
[HH.ARMY.4-9, HH.HTH.7-8, HH.WIN.1-2, HH.WIN.8, HH.CMD.4, HH.GEN.*].

A card gives every rules value of a unit as the book names it (speed, CF, impact now, shooting, armour,
characteristics, class) and every marker on it (disrupted, static combat, hold fire, pavisses, stakes,
dismounted, squeezed, out of command); the status gives the stands lost against the break point, the turns left
and each general with his state.
"""

from __future__ import annotations

from campaign.kit.check import ArmyStatus, UnitCard

from .combat import counted_stands, effective_impact
from .command import commanded_units
from .engine import defeated, lost_stands, points_lost
from .model import Formation, Unit
from .state import GameState, Phase


def _shooting(state: GameState, u: Unit) -> str:
    p = state.profile(u)
    if p.artillery is not None:
        return f"artillery, range {p.artillery.max_range} hexes"
    if p.shoot is None:
        return "none"
    return f"{p.shoot}+ on a D12 ({p.weapon.value})"


def _markers(state: GameState, u: Unit, commanded: frozenset[int] | None) -> tuple[str, ...]:
    out = [
        word
        for word, on in (
            ("disrupted [HH.DISR.1]", u.disrupted),
            ("static combat [HH.HTH.10]", u.static_combat),
            ("hold fire [HH.ART.5]", u.hold_fire),
            ("pavisses [HH.SPECIAL.7]", u.pavisses),
            ("stakes carried [HH.SPECIAL.13]", u.stakes_carried),
            ("dismounted [HH.MOVE.26]", u.profile != u.base_profile),
            ("squeezed in a restriction [HH.TERR.40]", u.formation is Formation.SQUEEZED),
            ("evaded this bound [HH.COMP.42]", u.evaded_this_bound),
        )
        if on
    ]
    if commanded is not None and u.on_table:
        out.append("in command now [HH.CMD.4]" if u.id in commanded else "out of command now [HH.CMD.4]")
    return tuple(out)


def unit_card(state: GameState, u: Unit, commanded: frozenset[int] | None = None) -> UnitCard:
    """One unit's card: its values in the book's terms, then its markers."""
    p = state.profile(u)
    armour = {0: "none", 1: "A1", 2: "A2"}.get(p.armour, str(p.armour))
    traits = " ".join(sorted(t.value for t in p.traits)) or "none"
    hexes = f"{p.speed.hexes} hex" + ("" if p.speed.hexes == 1 else "es")
    values = (
        ("side", u.side),
        ("class", p.cls.value),
        ("type", p.category.value.replace("_", " ")),
        ("speed", f"{p.speed} ({hexes}{', may form column' if p.speed.column else ''})"),
        ("CF", str(p.cf)),
        ("impact", f"{effective_impact(state, u)} now (list {p.impact})"),
        ("shooting", _shooting(state, u)),
        ("armour", armour),
        ("characteristics", traits),
        ("stands", f"{u.stands} of {u.nominal}, {counted_stands(state, u, False)} count in combat"),
        ("formation", u.formation.value),
        ("facing", u.facing.name),
    )
    where = "eliminated" if u.eliminated else (state.label(u.hex) if u.hex is not None else "not deployed")
    return UnitCard(str(u.id), u.name, where, values, _markers(state, u, commanded))


def _commanded_now(state: GameState, side: str) -> frozenset[int] | None:
    """Who is under command, when `side` is about to move (the Command Move has not fixed it yet)."""
    if state.phasing != side or state.phase is not Phase.COMMAND_MOVE:
        return state.commanded if state.phasing == side and state.phase is Phase.TACTICAL_MOVEMENT else None
    return commanded_units(state, side)


def unit_cards(state: GameState, side: str | None) -> list[UnitCard]:
    """Every unit of `side` (None: both), in id order."""
    sides = state.sides if side is None else (side,)
    out = []
    for s in sides:
        commanded = _commanded_now(state, s)
        out += [unit_card(state, u, commanded) for _, u in sorted(state.units.items()) if u.side == s]
    return out


def break_point(state: GameState, side: str) -> int:
    """The stands lost at which `side` breaks: more than `break_pct` of its combat stands (HH.WIN.2)."""
    total = state.combat_stand_total.get(side, 0)
    pct = state.options.break_pct
    return total if pct == 100 else pct * total // 100 + 1


def _general_line(state: GameState, gid: int) -> str:
    g = state.generals[gid]
    tags = "".join([", C-in-C" if g.cinc else "", ", hero" if g.hero else ""])
    head = f"general {g.id} ({g.name}{tags}, CM {g.cm}, CR {g.cr})"
    if not g.alive:
        return f"{head}: lost [HH.GEN.28]"
    if g.hex is None:
        return f"{head}: not deployed"
    host = state.host_of(g)
    if host is None:
        return f"{head} at {state.label(g.hex)}: alone [HH.GEN.13]"
    state_word = "disrupted host, cannot command it [HH.CMD.5]" if host.disrupted else "with"
    return f"{head} at {state.label(g.hex)}: {state_word} unit {host.id} ({host.name})"


def army_status(state: GameState, side: str) -> ArmyStatus:
    """Losses against the break point, points lost, turn of the turn limit, generals and their state."""
    lost = lost_stands(state, side)
    total = state.combat_stand_total.get(side, 0)
    bp = break_point(state, side)
    lines = [
        ("stands lost", f"{lost} of {total}; the army breaks at {bp} ({state.options.break_pct}%) [HH.WIN.2]"),
        ("stands before breaking", str(max(0, bp - lost))),
        ("points lost", f"{points_lost(state, side)} [HH.WIN.5]"),
        ("units", f"{len(state.live_units(side))} on the table"),
        ("disrupted", ", ".join(f"unit {u.id}" for u in state.live_units(side) if u.disrupted) or "none"),
    ]
    why = defeated(state, side)
    if why:
        lines.append(("defeated", why))
    if state.outcome is not None:
        lines.append(("result", f"{state.outcome[0] or 'draw'}: {state.outcome[1]}"))
    gens = tuple(_general_line(state, gid) for gid, g in sorted(state.generals.items()) if g.side == side)
    return ArmyStatus(side, max(1, state.turn), state.options.max_game_turns, tuple(lines), gens)
