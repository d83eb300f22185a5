"""(F) Fantasy-only rules, in force when the state's ``variant`` is ``fantasy``: Warmaster command,
brigades, irregular and impetuous units, steam tanks and giants, flyers, Dumb units, and the
Fantasy melee, disorder and shooting differences [WC.FANTASY.1]–[WC.FANTASY.15]."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .troops import Category, Flag, Profile, full_pace_cm, half_pace_cm

__all__ = [
    "BRIGADE_MAX",
    "FLYER_WITHDRAW_CM",
    "IRREGULAR_NAMES",
    "Brigade",
    "brigade_modifiers",
    "brigade_problems",
    "command_distance_penalty",
    "disordered_attack_mod",
    "dumb_modifier",
    "flyer_may_end",
    "flyer_withdrawal",
    "giant_goes_wild",
    "is_fantasy",
    "is_irregular",
    "is_impetuous",
    "may_attack",
    "move_rates",
    "order_radius",
    "shoots_and_moves",
]

COMMAND_RANGE_CM = 20
"""Every Fantasy command range is 20 cm [WC.FANTASY.1]."""
BRIGADE_MAX = 4
"""Up to 4 touching units form a brigade [WC.FANTASY.2]."""
FLYER_WITHDRAW_CM = 10.0
"""A flyer contacted by a non-flyer withdraws 10 cm [WC.FANTASY.9]."""
IRREGULAR_NAMES = (
    "Flagellants",
    "Ogres",
    "Trolls",
    "Chaos Hounds",
    "Chaos Marauders",
    "Chaos Marauder Horsemen",
    "Orc Warriors",
    "Goblin Infantry",
    "Goblin Wolf Riders",
    "Troll Slayers",
    "Bretonnian Peasants",
    "Bretonnian Knights",
    "Grail Knights",
    "Kislevite Horse Archers",
    "Kislevite Axemen",
    "Zombies",
    "Ghouls",
    "Witch Elves",
    "Squig",
    "Skinks",
    "Skaven",
)
"""(F) The Warmaster units that count as irregular, with all Monsters [WC.FANTASY.5]."""


def is_fantasy(variant: str) -> bool:
    """The Fantasy-only rules apply only with ``variant = fantasy`` (§0.3) [WC.META.2]."""
    return variant == "fantasy"


def order_radius(role: str, *, playsheet: bool = False) -> float | None:
    """Generals order anywhere (None), Heroes within 40 cm (60 by the playsheet), Wizards within
    20 cm [WC.FANTASY.1] [WC.CMD.5a]."""
    if role == "general":
        return None
    if role == "hero":
        return 60.0 if playsheet else 40.0
    if role == "wizard":
        return 20.0
    raise ValueError(f"no Fantasy commander role {role!r}")


def command_distance_penalty(distance_cm: float) -> int:
    """−1 for each full or part 20 cm beyond the first 20 cm to the leader [WC.FANTASY.1]
    [WC.CMD.12]."""
    if distance_cm <= COMMAND_RANGE_CM + 1e-9:
        return 0
    return -(math.ceil(distance_cm / COMMAND_RANGE_CM - 1e-9) - 1)


@dataclass(frozen=True, slots=True)
class Brigade:
    """Units ordered together [WC.FANTASY.2]."""

    units: tuple[str, ...]


def _kind(p: Profile) -> str:
    if p.category in (Category.WAR_WAGON,):
        return "wagon"
    if p.category is Category.ARTILLERY:
        return "artillery"
    if p.category in (Category.CAVALRY, Category.CHARIOTS):
        return "mounted"
    return "foot"


def brigade_problems(profiles: Sequence[Profile], *, touching: bool) -> tuple[str, ...]:
    """Why these units may not form a brigade: they must touch, number at most 4, infantry never
    with cavalry or chariots, artillery with either, war wagons only with war wagons
    [WC.FANTASY.2] [WC.WAGON.4]."""
    out: list[str] = []
    if not touching:
        out.append("brigaded units must touch [WC.FANTASY.2]")
    if len(profiles) > BRIGADE_MAX:
        out.append(f"a brigade has at most {BRIGADE_MAX} units [WC.FANTASY.2]")
    kinds = {_kind(p) for p in profiles}
    if "wagon" in kinds and kinds != {"wagon"}:
        out.append("war wagons brigade only with war wagons [WC.WAGON.4]")
    if {"foot", "mounted"} <= kinds:
        out.append("infantry may not brigade with cavalry or chariots [WC.FANTASY.2]")
    return tuple(out)


def brigade_modifiers(per_unit: Sequence[dict[str, int]]) -> dict[str, int]:
    """One order for the brigade: each modifier takes its most adverse value over the units, so a
    favourable one counts only if every unit has it and an adverse one if any does [WC.FANTASY.3]."""
    keys = sorted({k for m in per_unit for k in m})
    return {k: min(m.get(k, 0) for m in per_unit) for k in keys}


def is_irregular(p: Profile) -> bool:
    """(F) Irregular: every Monster and the named Warmaster units [WC.FANTASY.5]."""
    return p.category is Category.MONSTERS or any(n in p.name for n in IRREGULAR_NAMES) or p.irregular


def is_impetuous(p: Profile, *, uses_initiative_to_charge: bool) -> bool:
    """(F) A unit that must use initiative to charge is impetuous and tests when it begins its
    turn with an enemy in charge reach [WC.FANTASY.6] [WC.IMPET.5]."""
    return uses_initiative_to_charge or p.impetuous


def giant_goes_wild(result: str) -> bool:
    """Giants follow the Warmaster failed-order rules on any result but Carry On, Rally with Elan or
    Cautious Advance [WC.FANTASY.7]."""
    return result not in ("carry-on", "rally-with-elan", "cautious-advance")


def shoots_and_moves(p: Profile, *, steam_tank: bool = False) -> bool:
    """Flyers and Steam Tanks (which also have bounce-through fire) may shoot and move in one turn
    [WC.FANTASY.7] [WC.FANTASY.11]."""
    return steam_tank or p.category is Category.FLYERS


def flyer_may_end(over_unit: bool) -> bool:
    """Flyers ignore terrain and may fly over units but not end on one [WC.FANTASY.8]."""
    return not over_unit


def flyer_withdrawal(flyer: tuple[float, float], contactor: tuple[float, float]) -> tuple[float, float]:
    """A flyer contacted by a non-flyer withdraws 10 cm at once, a compulsory move with no melee;
    default direction: straight away from the contacting unit [WC.FANTASY.9] [WC.PD.35]. Returns
    the flyer's new centre."""
    vx, vy = flyer[0] - contactor[0], flyer[1] - contactor[1]
    n = math.hypot(vx, vy) or 1.0
    return (flyer[0] + vx / n * FLYER_WITHDRAW_CM, flyer[1] + vy / n * FLYER_WITHDRAW_CM)


def may_attack(attacker: Profile, target: Profile, *, shooting: bool) -> bool:
    """Flyers may be attacked only by shooting and by other flyers [WC.FANTASY.10]."""
    if target.category is not Category.FLYERS:
        return True
    return shooting or attacker.category is Category.FLYERS


def flyer_defended(flyer_attacking: bool, target_has_missiles: bool) -> bool:
    """A flyer attacking a non-flyer without missiles counts as defended; the non-flyer fights back
    normally [WC.FANTASY.10]."""
    return flyer_attacking and not target_has_missiles


def uphill_benefit(attacked_only_by_flyers: bool) -> bool:
    """A unit attacked only by flyers gets no uphill benefit; flyers ignore dead space
    [WC.FANTASY.11] [WC.FORT.4] [WC.VIS.5]."""
    return not attacked_only_by_flyers


def dumb_modifier(p: Profile) -> int:
    """Dumb units such as Trolls take −1 on the Command Table [WC.FANTASY.12]."""
    return -1 if Flag.DUMB in p.flags else 0


def disordered_attack_mod(disordered: bool) -> int:
    """(F) Disordered units fight with −1 attack per stand [WC.FANTASY.13] [WC.DISORDER.10]."""
    return -1 if disordered else 0


def fantasy_shooting(long_range: bool) -> bool:
    """(F) Effective range only: a shot beyond it is not allowed [WC.FANTASY.14] [WC.SHOOT.17]."""
    return not long_range


def disorder_modifiers_used() -> frozenset[str]:
    """(F) Elite, Levy and irregular disorder modifiers are not used; shooting fallback is never
    reduced by steadiness [WC.FANTASY.14] [WC.FALLBACK.5]."""
    return frozenset({"compulsory", "shot", "pike"})


def move_rates(category: Category) -> tuple[int, int | None]:
    """Monsters and chariots move at the [WC.MOVE.2] rates: (full, half) in cm [WC.FANTASY.15]."""
    return full_pace_cm(category), half_pace_cm(category)


def chariot_terrain(area: str) -> tuple[bool, bool]:
    """(may enter, gets its benefit) for chariots: cavalry terrain restrictions, and no terrain
    benefit but uphill [WC.FANTASY.15] [WC.TERR.6] [WC.FORT.3]."""
    enter = area not in ("woods", "marsh", "dense", "impassable")
    return enter, area == "hill"


def monster_is_threat(p: Profile) -> bool:
    """Monsters can be threats for reaction tests [WC.FANTASY.15] [WC.REACT.4]."""
    return p.category is Category.MONSTERS


MELEE_FEATURES = {"superior_weapons": False, "victory_modifiers": False}
"""(F) Fantasy melee: the [WC.MELEE.11]–[WC.MELEE.14] modifiers and support, no superior weapons
and no victory modifiers [WC.FANTASY.4]."""
