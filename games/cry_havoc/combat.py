"""Hand-to-hand combat in step 5: who may fight whom, combined attacks, odds with terrain advantage,
and knight priority [CH.COMBAT.*] [CH.TADV.*] [CH.ODDS.*].
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from campaign.hexgrid import Hex

from .config import KnightPriority, class_value
from .geometry import line_of_fire
from .model import Animal, Character, Ransom
from .movement import Illegal
from .state import GameState
from .tables import CHART, Table, Terrain, column, terrain_shift

Piece = Character | Animal


@dataclass(frozen=True, slots=True)
class Combat:
    """A declared combat: attackers against defenders [CH.COMBAT.4]."""

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    default: bool = False
    """Added by the engine for a knight's unmet duty [CH.PBEM.27]."""


@dataclass(frozen=True, slots=True)
class Odds:
    """A checked combat, ready to roll [CH.COMBAT.7]."""

    attack: int
    defence: int
    shift: int
    column: int
    table: Table


def hex_class(state: GameState, h: Hex) -> int:
    """Combat class of a hex, with the configured readings of the "÷" and "N/A" cells [CH.TERRAIN.7] [CH.TERRAIN.8]."""
    t = state.board.at(h)
    cfg = state.config
    symbol = {
        Terrain.TREE: cfg.terrain__tree_class,
        Terrain.INTERIOR: cfg.terrain__interior_class,
        Terrain.WINDOW: cfg.terrain__window_class,
    }.get(t)
    return class_value(symbol) if symbol else CHART[t].advantage


def piece_class(state: GameState, p: Piece) -> int:
    """A horseman takes the worse class of his two hexes [CH.TADV.1] [CH.HORSE.4]."""
    return min(hex_class(state, h) for h in p.hexes)


def piece(state: GameState, pid: str) -> Piece | None:
    return state.characters.get(pid) or state.animals.get(pid)


def touching(state: GameState, a: Piece, b: Piece) -> bool:
    """Adjacent: some hex of one shares an open hexside with some hex of the other [CH.HORSE.2] [CH.COMBAT.14]."""
    return any(state.board.adjacent(x, y) for x in a.hexes for y in b.hexes)


def joins_escape(c: Character, cb: Combat) -> bool:
    """A prisoner may join his side's attack on a member of his escort, and so escape [CH.RANSOM.10] case 2."""
    return (
        c.ransom is Ransom.PRISONER
        and c.live
        and not c.stunned
        and len(cb.defenders) == 1
        and cb.defenders[0] in c.escort
        and any(a != c.id for a in cb.attackers)
    )


def may_attack(state: GameState, c: Character, used: set[str], cb: Combat | None = None) -> None:
    """Refuse an attacker who may not fight now [CH.COMBAT.2] [CH.COMBAT.3] [CH.ODDS.5]."""
    if c.side != state.side:
        raise Illegal("CH.TURN.3", f"{c.id} is not of the phasing side")
    if cb is not None and joins_escape(c, cb):
        return
    if not c.active:
        raise Illegal("CH.COMBAT.2", f"{c.id} cannot fight (dead, captured or gone)")
    if c.stunned:
        raise Illegal("CH.STATE.4", f"{c.id} is stunned")
    if c.action:
        raise Illegal("CH.SEQ.8", f"{c.id} spends this phase on '{c.action}'")
    if state.values(c).attack <= 0:
        raise Illegal("CH.ODDS.5", f"{c.id} has attack 0")
    if c.id in used:
        raise Illegal("CH.COMBAT.3", f"{c.id} has already attacked this step: one attack per step")


def defender_ok(side: str, d: Piece | None, did: str) -> Piece:
    """Live enemies (not prisoners) and enemy or unowned live animals [CH.COMBAT.10]."""
    if d is None:
        raise Illegal("CH.COMBAT.10", f"there is no character or animal {did}")
    if isinstance(d, Animal):
        if not d.alive or d.side == side:
            raise Illegal("CH.COMBAT.10", f"{did} cannot be attacked (dead or your own)")
        return d
    if d.side == side or not d.live or not d.on_map or d.ransom is Ransom.PRISONER:
        raise Illegal("CH.COMBAT.10", f"{did} cannot be attacked (own side, dead, gone or a prisoner)")
    return d


def odds(state: GameState, cb: Combat, used: AbstractSet[str] = frozenset()) -> Odds:
    """Check a combat and work out its column [CH.COMBAT.4]-[CH.COMBAT.7] [CH.TADV.3] [CH.ODDS.3]."""
    if not cb.attackers or not cb.defenders:
        raise Illegal("CH.COMBAT.4", "a combat needs at least one attacker and one defender")
    if len(cb.attackers) > 1 and len(cb.defenders) > 1:
        raise Illegal(
            "CH.COMBAT.5",
            "several attackers may not fight several defenders at once",
            "split it into combats of one attacker, or against one defender",
        )
    atts = []
    for aid in cb.attackers:
        a = state.characters.get(aid)
        if a is None:
            raise Illegal("CH.COMBAT.2", f"there is no character {aid}")
        may_attack(state, a, set(used), cb)
        atts.append(a)
    defs = [defender_ok(state.side, piece(state, d), d) for d in cb.defenders]
    for a in atts:
        for d in defs:
            if not touching(state, a, d):
                raise Illegal("CH.COMBAT.4", f"{a.id} is not next to {d.id}: combat is only between adjacent hexes")
    if any(isinstance(d, Animal) for d in defs) and len(defs) > 1:
        raise Illegal("CH.COMBAT.6", "an animal is attacked alone")
    mounted = [isinstance(d, Animal) or d.mounted for d in defs]
    if any(mounted) and not all(mounted):
        raise Illegal("CH.COMBAT.6", "defenders of one combat are all mounted or all on foot")
    classes = {piece_class(state, a) for a in atts}
    if len(classes) > 1:
        raise Illegal("CH.COMBAT.4", "attackers in different terrain must attack separately [CH.TADV.3]")
    total_a = sum(state.values(a).attack for a in atts)
    total_d = sum(defence(state, d) for d in defs)
    dclass = max(piece_class(state, d) for d in defs)  # [CH.TADV.3] best for the defenders
    shift = terrain_shift(classes.pop(), dclass)
    k = column(total_a, total_d, shift, state.config.odds__cap_after_shift)
    if k is None:
        raise Illegal(
            "CH.ODDS.3", f"{total_a} against {total_d} (terrain shift {shift:+d}) is below 1-1: not permitted"
        )
    table = Table.CRT_MOUNTED if any(mounted) else Table.CRT_INFANTRY
    return Odds(total_a, total_d, shift, k, table)


def defence(state: GameState, d: Piece) -> int:
    if isinstance(d, Animal):
        return state.animal_defence[d.kind]
    return state.values(d).defence


def priority_set(state: GameState, k: Character, reach: frozenset[str] = frozenset()) -> list[Character]:
    """S(K): adjacent enemy knights K could legally attack alone from where he stands, plus in "reach" mode
    those he could have reached this phase (``reach``, fixed at the start of step 3) [CH.COMBAT.13]."""
    if state.config.priority is KnightPriority.OFF or not k.profile.is_knight or not k.active or k.stunned or k.action:
        return []
    out = []
    for e in state.live(state.other(k.side)):
        if not e.profile.is_knight or e.ransom is Ransom.PRISONER:
            continue
        if e.id in reach:
            out.append(e)
            continue
        if not touching(state, k, e):
            continue
        try:
            odds(state, Combat((k.id,), (e.id,)))
        except Illegal:
            continue
        out.append(e)
    return out


def between(k: Character, e: Character) -> set[Hex]:
    """Hexes directly between K and an enemy knight: either LOF candidate of the nearest hexes [CH.COMBAT.13]."""
    a, b = min(((x, y) for x in k.hexes for y in e.hexes), key=lambda p: (p[0].distance(p[1]), p))
    if a.distance(b) < 2:  # the same hex or adjacent: nothing between
        return set()
    lof = line_of_fire(a, b)
    return set(lof["L"].hexes) | set(lof["R"].hexes)


def reach_set(state: GameState, k: Character) -> frozenset[str]:
    """ "reach" mode: enemy knights K could attack alone from some place he can reach this step,
    ignoring command control [CH.COMBAT.13] item 1 [CH.GEOM.11] [TV-81]."""
    from dataclasses import replace

    from .geometry import Body
    from .movement import reachable_foot, reachable_horse

    if not k.profile.is_knight or not k.active or k.stunned or k.action or k.body is None:
        return frozenset()
    places = [k.body] + (list(reachable_horse(state, k)) if k.mounted else [Body(h) for h in reachable_foot(state, k)])
    out = set()
    for e in state.live(state.other(k.side)):
        if not e.profile.is_knight or e.ransom is Ransom.PRISONER:
            continue
        for body in places:
            moved = replace(k, body=body)
            if not touching(state, moved, e):
                continue
            saved = state.characters[k.id]
            state.characters[k.id] = moved
            try:
                odds(state, Combat((k.id,), (e.id,)))
                out.add(e.id)
            except Illegal:
                pass
            finally:
                state.characters[k.id] = saved
            if e.id in out:
                break
    return frozenset(out)


def priority_problem(state: GameState, cb: Combat, reach: dict[str, frozenset[str]] | None = None) -> str | None:
    """Why knight priority forbids this combat, or None [CH.COMBAT.13] item 2."""
    for aid in cb.attackers:
        k = state.characters[aid]
        s = priority_set(state, k, (reach or {}).get(aid, frozenset()))
        if not s:
            continue
        allowed = {e.id for e in s} | set(k.attacked_by)
        if state.config.priority is KnightPriority.REACH:
            for e in s:
                allowed |= {c.id for h in between(k, e) if (c := state.occupant(h)) is not None}
        bad = [d for d in cb.defenders if d not in allowed]
        if bad:
            return (
                f"{k.id} must make the enemy knight {', '.join(e.id for e in s)} his combat priority;"
                f" he may not attack {', '.join(bad)} [CH.COMBAT.13]"
            )
    return None


def uncommanded_problem(
    state: GameState, cb: Combat, commanded: frozenset[str] | None, contact: dict[str, frozenset[str]]
) -> str | None:
    """An uncommanded man attacks only those who attacked him (or, by option, those he touched) [CH.COMMAND.8]."""
    if commanded is None:
        return None
    for aid in cb.attackers:
        a = state.characters[aid]
        if not a.needs_command or aid in commanded:
            continue
        if state.config.command__uncommanded_attack == "attackers_only":
            allowed = set(a.attacked_by)
        else:
            allowed = set(contact.get(aid, frozenset()))
        bad = [d for d in cb.defenders if d not in allowed]
        if bad:
            return f"{aid} is out of command and may not advance to combat against {', '.join(bad)} [CH.COMMAND.8]"
    return None
