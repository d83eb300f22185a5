"""War wagons: artillery movement, no charge or pursuit, no push-back, no flanks, their
ribaudequins, and which "artillery" rules do not cover them [WC.WAGON.1]–[WC.WAGON.6]."""

from __future__ import annotations

from dataclasses import dataclass

from .troops import Category, Profile, TroopType

__all__ = [
    "RIBAUDEQUIN",
    "SECOND_ORDER_MOD",
    "Ribaudequin",
    "artillery_rules_apply",
    "brigade_ok",
    "is_wagon",
    "may_charge",
    "may_enter",
    "move_allowance",
    "pushed_back_by_shooting",
    "second_order_modifier",
    "shoots_all_round",
    "takes_pursuit_test",
    "zone_attacked",
]

WAGON_MOVE_CM = 20
"""War wagons move as artillery: 20 cm, full pace any direction, any final facing [WC.WAGON.1]."""
SECOND_ORDER_MOD = -2
"""A second order to a war wagon is −2, not the artillery −3 [WC.WAGON.6] [WC.CMD.9]."""


def is_wagon(p: Profile) -> bool:
    """A war wagon stand [WC.TROOPGEN.5]."""
    return p.type is TroopType.WAR_WAGON or p.category is Category.WAR_WAGON


def move_allowance(*, out_of_arc: bool, facing_change_deg: float) -> tuple[int, bool]:
    """(allowance in cm, disordered by the move): 20 cm in any direction, no half pace, no disorder
    from direction, any final facing [WC.WAGON.1]."""
    del out_of_arc, facing_change_deg  # neither limits a wagon
    return WAGON_MOVE_CM, False


def may_charge() -> bool:
    """War wagons never charge or pursue [WC.WAGON.1]."""
    return False


def takes_pursuit_test() -> bool:
    """War wagons take no Pursuit Test [WC.WAGON.1] [WC.PURSUIT.1]."""
    return False


def pushed_back_by_shooting(hits: int) -> tuple[int, int]:
    """(fallback dice, disorder dice) for shooting hits on a wagon: never pushed back, but still
    rolls for disorder [WC.WAGON.2] [WC.FALLBACK.4]."""
    return 0, hits


def zone_attacked(zone: str) -> str:
    """War wagons have no flanks or rear: every contact is frontal [WC.WAGON.3] [WC.FLANK.8]."""
    del zone
    return "front"


def shoots_all_round() -> bool:
    """War wagons move and shoot in every direction (360°) [WC.WAGON.3]."""
    return True


def brigade_ok(kinds: tuple[Profile, ...]) -> bool:
    """(F) War wagons brigade only with other war wagons [WC.WAGON.4] [WC.FANTASY.2]."""
    wagons = [is_wagon(p) for p in kinds]
    return all(wagons) or not any(wagons)


def may_enter(area: str) -> bool:
    """(ENGINE) No woods, marsh or dense terrain [WC.WAGON.5] [WC.TERR.6]."""
    return area not in ("woods", "marsh", "dense")


@dataclass(frozen=True, slots=True)
class Ribaudequin:
    """The wagon's guns unless its list says otherwise [WC.WAGON.5]."""

    effective_cm: int
    long_cm: int
    ignores_armor: bool
    weapon_class: int


RIBAUDEQUIN = Ribaudequin(20, 30, True, 1)
"""Range 20/30 cm, armor ignored [WC.SHOOT.21], weapon superiority class 1 (H)."""


ARTILLERY_ONLY_RULES = ("WC.CMD.9", "WC.TARGET.1", "WC.REACT.5", "WC.SUPPORT.2", "WC.SUPERIOR.3")
"""Rules written for artillery that do not cover war wagons [WC.WAGON.6]."""


def artillery_rules_apply(rule: str) -> bool:
    """War wagons take from artillery only its movement and its armor-ignoring shot: not the −3
    second order, the artillery target rule, proximity chits, infantry support or the artillery
    weapon class [WC.WAGON.6]."""
    return rule not in ARTILLERY_ONLY_RULES


def second_order_modifier(p: Profile, artillery_mod: int = -3) -> int:
    """The Command Table penalty for a second order: −2 for wagons, −3 for artillery [WC.WAGON.6]."""
    if is_wagon(p):
        return SECOND_ORDER_MOD
    return artillery_mod if p.category is Category.ARTILLERY else SECOND_ORDER_MOD
