"""(H) Skirmish infantry: when it is skirmishing, and what skirmish order changes for movement,
terrain, zones of control, reaction tests, shooting, melee, support, command and charging
[WC.SKIRM.1]–[WC.SKIRM.16]."""

from __future__ import annotations

from fractions import Fraction

from .model import Formation
from .troops import Profile, TroopType

__all__ = [
    "HITS_PER_STAND",
    "STAND_MEN",
    "charge_allowed",
    "command_exemptions",
    "defended_in",
    "disorder_modifier",
    "exerts_zoc",
    "fire_arc_degrees",
    "is_skirmishing",
    "may_be_ignored_as_target",
    "may_join_battleline",
    "moves_freely",
    "pass_through",
    "shooting_drm_against",
    "shoots_and_moves",
    "support_allowed",
    "terrain_cost_factor",
    "tests_for_threat",
    "zone_attacked",
]

HITS_PER_STAND = 2
"""Skirmishers have 2 hits a stand [WC.SKIRM.16]."""
STAND_MEN = 100
"""A skirmish stand is about 100 men [WC.SKIRM.16]."""


def is_skirmishing(p: Profile, formation: Formation, *, historical: bool = True) -> bool:
    """(H) A skirmish-capable unit skirmishes in any formation but a regular column [WC.SKIRM.1]."""
    return historical and p.type is TroopType.SKIRMISH_INFANTRY and formation is not Formation.COLUMN


def shoots_and_moves(skirmishing: bool) -> bool:
    """Skirmishers may shoot and still move [WC.SKIRM.2] [WC.SEQ.4]."""
    return skirmishing


def pass_through(mover_skirmishing: bool, other_skirmishing: bool) -> tuple[bool, bool, int]:
    """(may pass, disorder tests, extra cost in cm) for one unit moving, routing or falling back
    through another: through or by skirmishers always, no test, no 5 cm [WC.SKIRM.3]
    [WC.THROUGH.2]. Otherwise (None for the ordinary rules): (False, True, 5)."""
    if mover_skirmishing or other_skirmishing:
        return True, False, 0
    return False, True, 5


def zone_attacked(zone: str, skirmishing: bool) -> str:
    """Skirmishers have no front or rear and are never attacked in flank or rear [WC.SKIRM.4]."""
    return "front" if skirmishing else zone


def terrain_cost_factor(area: str, skirmishing: bool) -> Fraction | None:
    """Cost factor of a cm of ground: normal speed in all poor terrain, half speed (x2) in dense,
    never disordered by terrain; None when not skirmishing (the ordinary rules apply) [WC.SKIRM.5]
    [WC.TERR.5a] [WC.TEST.30]."""
    if not skirmishing:
        return None
    return Fraction(2) if area == "dense" else Fraction(1)


def exerts_zoc(skirmishing: bool) -> bool:
    """Skirmishers have no ZOC [WC.SKIRM.6] [WC.ZOC.1]."""
    return not skirmishing


def tests_for_threat(skirmishing: bool) -> bool:
    """Skirmishers never take a threat Reaction Test [WC.SKIRM.7]."""
    return not skirmishing


def fire_arc_degrees(skirmishing: bool) -> int:
    """Skirmishers fire all round, each stand at its own target [WC.SKIRM.8]; others 45° either
    side of the facing (90 in all)."""
    return 360 if skirmishing else 90


def defended_in(area: str, skirmishing: bool) -> bool:
    """Skirmishers in woods or marsh count as defended in melee (−1 to attackers) [WC.SKIRM.9]."""
    return skirmishing and area in ("woods", "marsh")


def support_allowed(giver_skirmishing: bool, receiver_skirmishing: bool) -> bool:
    """Skirmishers neither give nor receive support [WC.SKIRM.10]."""
    return not (giver_skirmishing or receiver_skirmishing)


def shooting_drm_against(target_skirmishing: bool) -> int:
    """−1 to anyone shooting at skirmishers [WC.SKIRM.11]."""
    return -1 if target_skirmishing else 0


def may_be_ignored_as_target(target_skirmishing: bool) -> bool:
    """A shooter may ignore skirmishers when it picks its target (default: not ignored
    [WC.PD.13]); they still block sight [WC.SKIRM.11]."""
    return target_skirmishing


def command_exemptions(skirmishing: bool) -> tuple[bool, bool]:
    """(no distance modifier, no woods modifier) on the Command Table [WC.SKIRM.12]."""
    return skirmishing, skirmishing


def disorder_modifier(skirmishing: bool, *, option: bool = True) -> int:
    """−1 on disorder rolls (``opt_skirmisher_disorder_mod``, default on) [WC.SKIRM.13]
    [WC.DISORDER.9]."""
    return -1 if skirmishing and option else 0


def charge_allowed(formation: Formation, skirmishing: bool) -> bool:
    """A skirmish unit charges only arranged as a regular line (its arc from the line's facing;
    the missile-infantry charge restrictions apply) [WC.SKIRM.15] [WC.SKIRM.11]."""
    if not skirmishing:
        return True
    return formation is Formation.LINE


def may_join_battleline(skirmishing: bool) -> bool:
    """Skirmishers may not join a battleline [WC.SKIRM.15] [WC.BATTLELINE.3]."""
    return not skirmishing


def moves_freely(skirmishing: bool) -> tuple[bool, bool]:
    """(full pace in any direction ending any way, each stand along its own centre path) for a
    skirmishing unit: no half-pace limit for irregular formations [WC.SKIRM.4]."""
    return skirmishing, skirmishing
