"""Reaction Tests: the table, its modifiers and the choice of the ± signs, and the Reaction Test
Phase with its required actions [WC.REACT.1] [WC.REACT.2] [WC.REACT.10]–[WC.REACT.21].

Reaction tests are optional in the book: the flag ``opt_reaction_tests`` (default true) turns them
off, and then no chits are handed out and nobody tests [WC.REACT.1]. Chits are handed out in
:mod:`games.war_cometh.chits`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from enum import Enum

from campaign.ruleset import DiceSource

from .chits import could_charge, in_flank_or_rear, reaction_tests_on
from .model import Condition, State, Unit
from .troops import Quality, majority_quality
from .world import World

__all__ = [
    "ReactMods",
    "Reaction",
    "choose",
    "fixed_drm",
    "reaction_mods",
    "reaction_result",
    "reaction_tests_on",
    "reachable",
]


class Reaction(Enum):
    """Reaction Test results [WC.REACT.11] [WC.REACT.15]; the bottom row is Fallback, not
    Broken [WC.REACT.16]."""

    CHARGE_FIRE = "Charge/Fire"
    NONE = "None"
    STAND_FIRE = "Stand/Fire"
    FALLBACK = "Fallback"


def reaction_result(total: int, *, irregular: bool) -> Reaction:
    """The table [WC.REACT.11]: regular 6+ Charge/Fire, 3–5 None, 1–2 Stand/Fire, 0 or less
    Fallback; irregular 5+, 3–4, 2, 1 or less."""
    charge, none_from, stand_from = (5, 3, 2) if irregular else (6, 3, 1)
    if total >= charge:
        return Reaction.CHARGE_FIRE
    if total >= none_from:
        return Reaction.NONE
    if total >= stand_from:
        return Reaction.STAND_FIRE
    return Reaction.FALLBACK


@dataclass(frozen=True, slots=True)
class ReactMods:
    """The named inputs of the Reaction Test modifiers [WC.REACT.11] [WC.REACT.12]."""

    leader: bool = False
    """± leader modifier (``reaction_leader_mod``: 1, or 2 by the H playsheet) [WC.REACT.14]."""
    fortified: bool = False
    """± 2 (only the higher of fortified and defended)."""
    defended: bool = False
    """± 1."""
    skirmisher: bool = False
    """(H) −1."""
    lost_melee: bool = False
    """−1."""
    supported: bool = False
    """± 1: another friendly unit within 4 cm."""
    feigned_retreat: bool = False
    """(OPT,H) +2."""
    impetuous: bool = False
    """+2."""
    levy: bool = False
    """(H) −1."""
    casualties: bool = False
    """−1."""
    disordered: bool = False
    """−1."""
    rear_flank: bool = False
    """−2."""


def fixed_drm(m: ReactMods) -> int:
    """The modifiers with one sign [WC.REACT.11]."""
    plus = 2 * m.feigned_retreat + 2 * m.impetuous
    minus = m.skirmisher + m.lost_melee + m.levy + m.casualties + m.disordered + 2 * m.rear_flank
    return int(plus) - int(minus)


def _flexible(m: ReactMods, leader_mod: int) -> list[int]:
    """The ± modifiers' sizes [WC.REACT.13]: leader, fortified or defended (the higher), supported."""
    out = [leader_mod] if m.leader else []
    if m.fortified:
        out.append(2)
    elif m.defended:
        out.append(1)
    if m.supported:
        out.append(1)
    return out


def reachable(die: int, m: ReactMods, *, irregular: bool, leader_mod: int = 1) -> dict[Reaction, int]:
    """Every result the player can reach by choosing the ± signs after seeing the die, with a total
    that reaches it [WC.REACT.13] (the sign sets are tried in a fixed order)."""
    base = die + fixed_drm(m)
    out: dict[Reaction, int] = {}
    flex = _flexible(m, leader_mod)
    for signs in itertools.product((1, -1), repeat=len(flex)):
        total = base + sum(s * v for s, v in zip(signs, flex, strict=True))
        out.setdefault(reaction_result(total, irregular=irregular), total)
    return out


PREFERENCE = (Reaction.NONE, Reaction.STAND_FIRE, Reaction.CHARGE_FIRE, Reaction.FALLBACK)
"""The PBEM default: aim for None, then Stand/Fire, then Charge/Fire, then Fallback [WC.REACT.13]."""
PREFER_CHARGE = (Reaction.CHARGE_FIRE, Reaction.NONE, Reaction.STAND_FIRE, Reaction.FALLBACK)
"""The per-unit standing order "prefer charge" [WC.PD.9]."""


def choose(
    die: int, m: ReactMods, *, irregular: bool, leader_mod: int = 1, prefer_charge: bool = False
) -> tuple[Reaction, int]:
    """The result the default (or "prefer charge") picks among the reachable ones [WC.REACT.13]
    [WC.PD.9]."""
    options = reachable(die, m, irregular=irregular, leader_mod=leader_mod)
    order = PREFER_CHARGE if prefer_charge else PREFERENCE
    pick = next(r for r in order if r in options)
    return pick, options[pick]


def reaction_mods(world: World, unit: Unit) -> ReactMods:
    """A unit's modifiers at the moment of its test [WC.REACT.12] [WC.REACT.19]: leader by
    [WC.LEADER.13]; cover against a frontal melee by the nearest enemy; skirmisher and levy (H);
    lost melee (the melee code's ``lost_melee`` flag); supported within 4 cm; impetuous (not once
    dismounted [WC.DISMOUNT.3]); casualties; disordered; rear/flank from any enemy that could
    charge it with its centre in the unit's flank or rear zone. TODO(WC.SPECIAL.10): feigned
    retreat."""
    from .fire import cavalry_attacker, cover
    from .leaders import gives_test_modifier

    state = world.state
    p = world.profile(unit)
    hist = state.variant == "historical"
    foot = world.foot(unit)
    leader = any(
        gives_test_modifier(g, 0.0 if g.attached_to == unit.id else world.leader_distance(g.at, unit))
        for g in state.leaders
        if g.side == unit.side and not g.lost and not g.away
    )
    enemies = sorted(world.enemies(unit.side), key=lambda e: (foot.distance(world.foot(e)), e.id))
    c = None
    if enemies:
        near = enemies[0]
        rects = world.rects(near)
        attacker = min(rects, key=lambda r: r.polygon().distance(foot))
        c = cover(world, unit, attacker, melee=True, attacker_cavalry=cavalry_attacker(world, near))  # [WC.FORT.11]
    quality = majority_quality([world.profiles[s.profile].quality for s in unit.stands])
    return ReactMods(
        leader=leader,
        fortified=c is not None and c.value == "fortified",
        defended=c is not None and c.value == "defended",
        skirmisher=hist and p.skirmisher,
        lost_melee=unit.lost_melee,
        supported=any(world.foot(f).distance(foot) <= 4.0 + 1e-6 for f in world.friends(unit.side, unit.id)),
        impetuous=p.impetuous and not unit.dismounted,
        levy=hist and quality is Quality.LEVY,
        casualties=unit.lost > 0,
        disordered=unit.condition is Condition.DISORDERED,
        rear_flank=any(in_flank_or_rear(world, e, unit) and could_charge(world, e, unit) for e in enemies),
    )


def clear_chits(state: State, uid: str) -> State:
    """All of a unit's chits go when it tests [WC.REACT.10]."""
    return state.with_unit(replace(state.unit(uid), chits=()))


def roll_test(state: State, unit: Unit, dice: DiceSource, narrative: list[str]) -> Reaction:
    """Roll one unit's test and pick the signs: the standing order (default: aim for None; "charge":
    prefer Charge/Fire; "ask": a decision request listing the reachable results) [WC.REACT.11]
    [WC.REACT.13] [WC.PD.9]."""
    from .standing import decide, standing

    world = World(state)
    p = world.profile(unit)
    m = reaction_mods(world, unit)
    lmod = 2 if state.option("reaction_leader_mod", "1") == "2" else 1
    die = dice.roll(6, f"reaction: unit {unit.id} tests")
    wish = standing(state, unit.side, "reaction", unit.id)
    pick, total = choose(die, m, irregular=p.irregular, leader_mod=lmod, prefer_charge=wish == "charge")
    options = reachable(die, m, irregular=p.irregular, leader_mod=lmod)
    if len(options) > 1:
        q = f"Unit {unit.id} rolled {die} for its Reaction Test: which result?"
        names = tuple(r.value for r in PREFERENCE if r in options)
        answer = decide(state, dice, unit.side, "reaction", q, names, pick.value, tag=unit.id, unit=unit.id)
        pick = Reaction(answer)
        total = options[pick]
    narrative.append(f"Unit {unit.id} ({unit.name}) takes a Reaction Test: rolled {die}, total {total}: {pick.value}.")
    return pick
