"""Disorder: the three order states, the disorder test and its modifiers, automatic disorder, the
tests of units moving through friends, and what disorder costs a unit [WC.DISORDER] [WC.THROUGH.3].

Public functions other rules call:

* :func:`disordered_by` — one die against its modifier [WC.DISORDER.2];
* :func:`disorder_mods` / :func:`disorder_drm` — the modifiers of a unit [WC.DISORDER.8];
* :func:`disorder_test` — roll (or use a given die) for one unit with a cause, and apply it;
* :func:`disorder` — automatic disorder with a cause [WC.DISORDER.4];
* :func:`through_tests` — the tests when one unit passes through another [WC.THROUGH.3]–[WC.THROUGH.5];
* :func:`cavalry_fought` — cavalry that fought a melee is disordered [WC.DISORDER.5];
* :func:`removes_disorder` — the Command Table results that rally [WC.DISORDER.11] [WC.DISORDER.12].
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum

from campaign.ruleset import DiceSource

from .command import Result
from .model import Condition, State, Unit
from .troops import Category, Quality, majority_quality
from .world import World

__all__ = [
    "DISORDERED_SHOOTING_DRM",
    "Cause",
    "DisorderMods",
    "cavalry_fought",
    "disorder",
    "disorder_drm",
    "disorder_mods",
    "disordered_by",
    "is_good",
    "may_join_battleline",
    "may_support",
    "melee_attack_mod",
    "removes_disorder",
    "disorder_test",
    "through_tests",
    "worse",
]

DISORDERED_SHOOTING_DRM = -1
"""A disordered unit's own shooting dice [WC.DISORDER.10] [WC.SHOOT.14]."""
TEST_SCORE = 5
"""A modified 5 or more disorders [WC.DISORDER.2]."""


class Cause(Enum):
    """Why a unit tests for disorder [WC.DISORDER.3] or is disordered outright [WC.DISORDER.4]."""

    THROUGH = "moved through a friendly unit or was moved through"
    BLOCKED_FALLBACK = "blocked a friend's fallback"
    PIKE_TERRAIN = "pikes in poor terrain"
    PIKE_CHARGE = "pikes charging"
    CHARGE_TERRAIN = "charged across an obstacle, through poor terrain or up a hill"
    SHOT = "hit by shooting"
    MELEE_FALLBACK_3CM = "fell back 3 cm or more after losing a melee"
    FALLBACK_SHORT = "could not fall back the full distance"
    DRAWN_FALLBACK = "fell back after a drawn melee"
    FLANK_REAR_CONTACT = "contacted in flank or rear"
    THROUGH_AFTER_MOVING = "moved through a unit that had moved"
    CHARGED_THROUGH = "charged through"
    ROUTED_THROUGH = "moved through by a routed unit"
    OUT_OF_ARC = "moved out of its frontal arc"
    DENSE = "moved in dense terrain"
    CAVALRY_MELEE = "cavalry that fought a melee"
    OTHER = "a rule's effect"


def worse(c: Condition) -> Condition:
    """Disorder a unit in good order; a disordered or routed unit stays as it is [WC.DISORDER.1]
    [WC.DISORDER.2] (a routed unit stays routed)."""
    return Condition.DISORDERED if c is Condition.GOOD else c


def is_good(unit: Unit) -> bool:
    """In good order: neither disordered nor routed [WC.DISORDER.1]."""
    return unit.condition is Condition.GOOD


def disordered_by(die: int, drm: int) -> bool:
    """A disorder test: a modified 5 or more, or a natural 6 always [WC.DISORDER.2]."""
    return die == 6 or die + drm >= TEST_SCORE


@dataclass(frozen=True, slots=True)
class DisorderMods:
    """The named inputs of the disorder modifiers [WC.DISORDER.8]."""

    compulsory: bool = False
    """The test comes from this unit's own compulsory move: +1."""
    shot: bool = False
    """Hit by shooting: −1."""
    irregular: bool = False
    """(H) +1."""
    elite: bool = False
    """(H) −1."""
    skirmisher: bool = False
    """(H) −1 when the option is on [WC.DISORDER.9]."""
    pike_charge_terrain: bool = False
    """A pike unit charging through poor terrain, across a linear obstacle or up a hill: +1."""


def disorder_drm(m: DisorderMods, *, historical: bool, skirmisher_mod: bool = True) -> int:
    """The sum of the disorder modifiers [WC.DISORDER.8]; the skirmisher −1 applies in Historical
    games when ``opt_skirmisher_disorder_mod`` is on (default) [WC.DISORDER.9]."""
    drm = (1 if m.compulsory else 0) - (1 if m.shot else 0) + (1 if m.pike_charge_terrain else 0)
    if historical:
        drm += (1 if m.irregular else 0) - (1 if m.elite else 0)
        drm -= 1 if m.skirmisher and skirmisher_mod else 0
    return drm


def disorder_mods(
    world: World, unit: Unit, *, compulsory: bool = False, shot: bool = False, pike_charge_terrain: bool = False
) -> DisorderMods:
    """A unit's disorder modifiers: irregular and skirmisher from its first stand's profile, elite
    from its majority quality [WC.DISORDER.8] [WC.MIXED.5]."""
    p = world.profile(unit)
    quality = majority_quality([world.profiles[s.profile].quality for s in unit.stands])
    return DisorderMods(
        compulsory=compulsory,
        shot=shot,
        irregular=p.irregular,
        elite=quality is Quality.ELITE,
        skirmisher=p.skirmisher,
        pike_charge_terrain=pike_charge_terrain,
    )


def unit_drm(state: State, unit: Unit, **flags: bool) -> int:
    """The disorder modifier of one unit in this state [WC.DISORDER.8] [WC.DISORDER.9]."""
    m = disorder_mods(World(state), unit, **flags)
    return disorder_drm(
        m,
        historical=state.variant == "historical",
        skirmisher_mod=state.option("opt_skirmisher_disorder_mod", "true") == "true",
    )


def _name(unit: Unit) -> str:
    return f"unit {unit.id} ({unit.name})" if unit.name and unit.name != unit.id else f"unit {unit.id}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def disorder_test(
    state: State,
    uid: str,
    cause: Cause,
    narrative: list[str],
    *,
    dice: DiceSource | None = None,
    die: int | None = None,
    compulsory: bool = False,
    shot: bool = False,
    pike_charge_terrain: bool = False,
) -> State:
    """One disorder test for unit ``uid``: roll 1D6 (or use ``die``, e.g. a fallback die
    [WC.FALLBACK.1]), add the modifiers, and disorder it on a modified 5+ or a natural 6
    [WC.DISORDER.2] [WC.DISORDER.3]. Only a unit in good order tests; no die is rolled for one
    that is not."""
    unit = state.unit(uid)
    if not is_good(unit):
        return state
    drm = unit_drm(state, unit, compulsory=compulsory, shot=shot, pike_charge_terrain=pike_charge_terrain)
    if die is None:
        if dice is None:
            raise ValueError("a disorder test needs a die or a dice source")
        die = dice.roll(6, f"disorder: {_name(unit)} tests ({cause.value})")
    hit = disordered_by(die, drm)
    result = "disordered" if hit else "holds"
    narrative.append(f"{_cap(_name(unit))} tests for disorder ({cause.value}): {die}{drm:+d}, {result}.")
    return state.with_unit(replace(unit, condition=Condition.DISORDERED)) if hit else state


def disorder(state: State, uid: str, cause: Cause, narrative: list[str] | None = None) -> State:
    """Disorder a unit outright [WC.DISORDER.4] [WC.DISORDER.6]: a unit in good order becomes
    disordered; a routed one stays routed."""
    unit = state.unit(uid)
    if not is_good(unit):
        return state
    if narrative is not None:
        narrative.append(f"{_cap(_name(unit))} is disordered ({cause.value}).")
    return state.with_unit(replace(unit, condition=Condition.DISORDERED))


def through_tests(
    state: State, mover: str, passed: str, narrative: list[str], dice: DiceSource, *, compulsory: bool = False
) -> State:
    """A pass-through [WC.THROUGH.3]–[WC.THROUGH.5] [WC.THROUGH.8]:

    * a routed mover disorders the unit it passes (H skirmishers exempt) [WC.ROUT.6];
    * if the unit passed had already moved, both are disordered outright [WC.THROUGH.4];
    * otherwise both test; by the book's reading (the default, option ``through_dice = one``) one
      die serves both, each with its own modifiers (+1 compulsory for the mover only); with
      ``through_dice = each`` each rolls its own, the mover first [WC.THROUGH.3];
    * (H) skirmishers neither test nor cause tests [WC.THROUGH.5].
    """
    m, p = state.unit(mover), state.unit(passed)
    world = World(state)
    historical = state.variant == "historical"
    skirm_m = historical and world.profile(m).skirmisher
    skirm_p = historical and world.profile(p).skirmisher
    if m.condition is Condition.ROUTED:
        return state if skirm_p else disorder(state, passed, Cause.ROUTED_THROUGH, narrative)
    if skirm_m or skirm_p:
        return state
    if p.moved:
        state = disorder(state, mover, Cause.THROUGH_AFTER_MOVING, narrative)
        return disorder(state, passed, Cause.THROUGH_AFTER_MOVING, narrative)
    if not (is_good(m) or is_good(p)):
        return state
    if state.option("through_dice", "one") == "each":
        state = disorder_test(state, mover, Cause.THROUGH, narrative, dice=dice, compulsory=compulsory)
        return disorder_test(state, passed, Cause.THROUGH, narrative, dice=dice)
    die = dice.roll(6, f"disorder: units {mover} and {passed} pass through each other (one die for both)")
    state = disorder_test(state, mover, Cause.THROUGH, narrative, die=die, compulsory=compulsory)
    return disorder_test(state, passed, Cause.THROUGH, narrative, die=die)


def cavalry_fought(state: State, uids: Iterable[str], narrative: list[str]) -> State:
    """Every cavalry unit that fought a melee is disordered at the end of the Melee Combat Phase,
    after pursuit and reforming [WC.DISORDER.5]."""
    for uid in sorted(set(uids)):
        unit = state.unit(uid)
        if unit.on_table and World(state).category(unit) is Category.CAVALRY:
            state = disorder(state, uid, Cause.CAVALRY_MELEE, narrative)
    return state


def removes_disorder(result: Result) -> bool:
    """Disorder goes only on Rally with Elan, Cautious Advance, or the Disordered column's Stand,
    which is "Rally & Stand" [WC.DISORDER.11] [WC.DISORDER.12]."""
    return result in (Result.RALLY_WITH_ELAN, Result.CAUTIOUS_ADVANCE, Result.RALLY_AND_STAND)


def may_support(unit: Unit) -> bool:
    """Only a unit in good order gives or receives support [WC.DISORDER.10]."""
    return is_good(unit)


def may_join_battleline(unit: Unit) -> bool:
    """(H) A disordered unit may not join a battleline [WC.DISORDER.10]."""
    return is_good(unit)


def melee_attack_mod(unit: Unit, *, historical: bool) -> int:
    """(F) −1 attack per stand for a disordered unit; (H) none here: it loses its superior weapon
    instead ([WC.SUPERIOR.3]) [WC.DISORDER.10]. Routed units are [WC.ROUT.3]'s business."""
    return -1 if unit.condition is Condition.DISORDERED and not historical else 0
