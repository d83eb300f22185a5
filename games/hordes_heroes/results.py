"""Applying a CRT result to one unit, in the order of HH.CRT.5 [HH.CRT.5, HH.STAND.*, HH.DISR.1, HH.SHOOT.25].

Stand losses (HH.STAND.1), the last-stand rule (HH.STAND.2, HH.STAND.3), disruption, then the
movement part or its substitute (shield wall HH.SPECIAL.3, pavisses HH.SPECIAL.10, stakes
HH.SPECIAL.15, artillery HH.ART.17/HH.ART.18, war wagons HH.SPECIAL.41 and units fronted by them HH.SPECIAL.26,
elephants HH.SPECIAL.36), combined-arms front stands first (HH.STAND.5, HH.SPECIAL.27),
pavisse removal after H2H (HH.SPECIAL.12), generals killed with their host (HH.GEN.22) and
casualties (HH.STAND.8, HH.WIN.4).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from campaign.hexgrid import Facing as GridFacing
from campaign.hexgrid import Hex, in_arc
from campaign.ruleset import DiceSource

from .compulsory import elephant_move, eliminate, flee, recoil_h2h, recoil_shooting, record_losses
from .crt import CrtMove, CrtResult, lookup
from .geometry import direction, side_key
from .model import Category, Formation, TroopClass, Unit
from .movement import uname
from .skirmish_2012 import other_stands_lost
from .special import hero_covers, shield_wall
from .state import GameState
from .words import counted


class Cause(Enum):
    """What produced a result: the recoil and flee rules differ (HH.COMP.3 vs HH.COMP.12)."""

    HTH = "hand-to-hand"
    """Hand-to-hand combat."""
    SHOOTING = "shooting"
    """Small arms and artillery."""


@dataclass(frozen=True, slots=True)
class Applied:
    """What a result did to one unit: whether it left its hex, fled, or was eliminated."""

    unit: int
    start: Hex | None
    eliminated: bool
    moved: bool
    fled: bool


def result_for(state: GameState, uid: int, hits: int) -> CrtResult | None:
    """The CRT line for a unit: its own class (HH.CRT.6), the hero effect (HH.GEN.24), the A/4 option (HH.CRT.4)."""
    u = state.units[uid]
    cls: TroopClass = state.profile(u).cls
    er = state.rules  # HH12.CRT.1: the edition's table
    return lookup(
        cls,
        hits,
        hero=hero_covers(state, u),
        a4_disrupted=state.options.crt_a4_disrupted,
        table=er.crt,
        printed=er.crt_printed,
    )


def _pavisse_protected(state: GameState, uid: int, sources: list[Hex]) -> bool:
    """Deployed, carrying pavisses, every scoring shooter in its front arc (HH.SPECIAL.10, ruling HH.SPECIAL.11)."""
    u = state.units[uid]
    if not u.pavisses or u.formation is not Formation.DEPLOYED or u.hex is None:
        return False
    return all(in_arc(u.hex, GridFacing(int(u.facing)), s) for s in sources)


def _behind_stakes(state: GameState, uid: int, sources: list[Hex]) -> bool:
    """In a staked hex with every opponent across a staked side (HH.SPECIAL.15, ruling HH.SPECIAL.16)."""
    u = state.units[uid]
    if u.hex is None or not sources:
        return False
    return all(direction(u.hex, s) is not None and side_key(u.hex, s) in state.stakes for s in sources)


def apply_result(
    state: GameState,
    uid: int,
    res: CrtResult,
    cause: Cause,
    sources: list[Hex],
    facing_enemy: Hex | None,
    dice: DiceSource,
) -> tuple[list[str], Applied]:
    """Apply `res` to unit `uid` in the order of HH.CRT.5.

    `sources`: the opponents' hexes (H2H) or the hexes of the shooters that scored hits (HH.COMP.14);
    `facing_enemy`: the hex of the enemy the loser recoils away from in H2H (HH.COMP.4).
    """
    # The 2012 edition plays this rule the same way (HH12.CRT.2, HH12.UNIT.2, HH12.UNIT.3).
    u = state.units[uid]
    start = u.hex
    hits = counted(state, res.hits, "hit")
    lines = [f"  {uname(u)} takes {res.text} ({res.cls.value} class, {hits}) [HH.CRT.1, HH.CRT.5]."]
    p = state.profile(u)
    if res.no_effect:
        return lines, Applied(uid, start, False, False, False)
    # 1. Stands lost (HH.STAND.1); a combined-arms unit loses its front stands first (HH.STAND.5).
    if res.stands:
        lost = min(res.stands, u.stands)
        record_losses(state, u, lost)
        u = replace(u, stands=u.stands - lost, rear_stands=u.rear_stands - max(0, lost - u.front_stands))
        state.units[uid] = u
        lines.append(f"  {uname(u)} loses {lost} stand{'s' if lost != 1 else ''}, {u.stands} left [HH.STAND.1].")
        if u.combined and u.stands and u.front_stands == 0:
            # HH.SPECIAL.27: the rear troop type becomes the front; its CF, class and impact apply from now on.
            u = replace(u, profile=u.rear_profile, rear_profile=None, rear_stands=0)  # type: ignore[arg-type]  # combined: rear set
            state.units[uid] = u
            lines.append(f"  its front rank is gone: {uname(u)} fights as {state.profile(u).name} [HH.SPECIAL.27].")
            p = state.profile(u)
        if u.stands == 0:
            lines += eliminate(state, uid, "its last stand is lost")
            for sid in other_stands_lost(state, u, res.stands - lost):  # ruling HH12.SPEC.A1 item 8
                lines += eliminate(state, sid, f"a stand lost by unit {uid}'s result [HH12.SPEC.A1]")
            return lines, Applied(uid, start, True, True, False)
        # 2. Last-stand rule (HH.STAND.2); nominal 2-3 units go on (HH.STAND.3).
        if u.nominal >= 4 and u.stands == 1:
            lines += eliminate(state, uid, "a unit of 4 or more stands reduced to 1 is removed [HH.STAND.2]")
            return lines, Applied(uid, start, True, True, False)
    # 3. Disruption (HH.DISR.1); disruption does not stack.
    if res.disrupted and not u.disrupted:
        u = replace(u, disrupted=True)
        state.units[uid] = u
        lines.append(f"  {uname(u)} is disrupted [HH.DISR.1].")
    # 4. Movement part.
    moved = fled = False
    if res.move is CrtMove.RECOIL:
        moved = _recoil(state, u, cause, sources, facing_enemy, dice, lines)
    elif res.move is CrtMove.FLEE:
        if p.category is Category.ELEPHANT:
            lines += elephant_move(state, uid, dice, "fleeing")
            moved = fled = True
        else:
            lines += [f"  {x}" for x in flee(state, uid, sources, h2h=cause is Cause.HTH)]
            moved = fled = state.units[uid].hex != u.hex  # HH12.SPEC.17: a 2012 war wagon stays where it is
    after = state.units[uid]
    if cause is Cause.HTH and moved and after.pavisses and not after.eliminated:
        state.units[uid] = replace(after, pavisses=False)
        lines.append(f"  {uname(after)} loses its pavisses [HH.SPECIAL.12].")
    after = state.units[uid]
    moved = moved and (after.eliminated or after.hex != start)
    return lines, Applied(uid, start, after.eliminated, moved, fled and not after.eliminated)


def _recoil(
    state: GameState,
    u: Unit,
    cause: Cause,
    sources: list[Hex],
    facing_enemy: Hex | None,
    dice: DiceSource,
    lines: list[str],
) -> bool:
    """The recoil part of a result, unless something holds the unit in place; True if it moved (HH.CRT.5 step 4)."""
    uid, p = u.id, state.profile(u)
    if p.never_recoils:
        state.units[uid] = replace(u, disrupted=True)
        lines.append(
            f"  {uname(u)} stands its ground and is disrupted instead of recoiling [HH.ART.17, HH.ART.18, HH.SPECIAL.41]."  # noqa: E501
        )
    elif shield_wall(state, u):
        lines.append(f"  {uname(u)} holds its place in the shield wall: the recoil is ignored [HH.SPECIAL.3].")
    elif cause is Cause.SHOOTING and _pavisse_protected(state, uid, sources):
        lines.append(f"  {uname(u)} shelters behind its pavisses: no recoil from shooting [HH.SPECIAL.10].")
    elif cause is Cause.HTH and _behind_stakes(state, uid, sources):
        lines.append(f"  {uname(u)} holds behind its stakes: no recoil [HH.SPECIAL.15, HH.SPECIAL.16].")
    elif p.category is Category.ELEPHANT:
        lines += elephant_move(state, uid, dice, "recoiling")
        return True
    elif cause is Cause.HTH:
        assert facing_enemy is not None
        lines += [f"  {x}" for x in recoil_h2h(state, uid, facing_enemy)]
        return True
    else:
        lines += [f"  {x}" for x in recoil_shooting(state, uid, sources)]
        return True
    return False
