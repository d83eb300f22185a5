"""The two editions of Hordes & Heroes as one table of values [HH12.*].

The engine is one engine: every place where the 2012 *Medieval* edition differs from the 2022
*Ancients & Medieval* edition reads a field of the game's :class:`EditionRules` (``state.rules``),
never ``if edition == ...``. The 2022 values are the baseline; the 2012 values cite the delta rule
(``HH12.*``) that sets them. Rulings the engine follows where the 2012 text is silent are listed for
players in docs/rulings/hordes-heroes-2012.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from campaign.hexgrid import HalfHexRule

from .battlefield import Terrain
from .crt import CRT, CRT_2012, CRT_PRINTED, CRT_PRINTED_2012, CrtRow, PrintedRow
from .model import SHOOT_POINTS, Profile


class Edition(Enum):
    """Which book a game is played under (chosen per game: scenario `edition` or option `edition`)."""

    E2022 = "2022"
    E2012 = "2012"


RULES_VERSIONS: dict[int, str] = {
    1: "as recorded before issue 13",
    2: "issue 13: pursuit stops in a woodland or BUA follow-up hex (HH.COMP.36), compulsory moves into a"
    " restriction squeeze hordes and skirmishers (HH.TERR.40), the default flee heads for the own edge soonest"
    " (HH.COMP.21), a facing of E is kept (HH.MOVE.17, HH.MOVE.21, HH.MOVE.27, HH.SHOOT.7); issue 18: the 2012"
    " deltas of RULES_2012 that RULES_2012_V1 leaves at their 2022 values (movement over terrain, overhead and"
    " friendly fire, artillery turning, shooting recoils, evades, pursuit, stakes, pavises, escarpments, own-edge"
    " routs, flees past disordered friends, ties with lone generals, the order of shooting results, split fire,"
    " skirmishers); later: a boat carrying on after an evade has used its lake hex (HH.TERR.45), a squeezed unit"
    " returns to the formation it had before the squeeze (HH.TERR.40)",
}
"""The corrections of this engine, by the `rules_version` a game records in its options. A game keeps the
version it was created with, so old logs replay exactly; new games get LATEST_RULES_VERSION."""
LATEST_RULES_VERSION = max(RULES_VERSIONS)
FIX_BOOK_13 = 2
"""The rules version of the issue 13 corrections."""
FIX_CARRY_ON_SQUEEZE = FIX_BOOK_13
"""A boat that carries on after an evade has used its 1 lake hex (HH.TERR.45, HH.COMP.45), and a squeezed unit returns
to the formation it had before the squeeze, not the one it started the move in (HH.TERR.40). Played from version 2,
the version new games record, not a version 3: that would change every new game's record (the demo's chain head).
Neither case can arise with the shipped scenarios and army lists (no boats; every dismounted form has C), so only
version 1 logs, kept as recorded, could hold one."""


@dataclass(frozen=True, slots=True)
class EditionRules:
    """Every value and table that differs between the editions, for one edition."""

    edition: Edition
    title: str
    """Shown in the view, the picture and the digests."""
    rulings_page: str
    """The players' rulings page for this edition (docs/rulings/)."""
    crt: dict[int, CrtRow]
    """HH.CRT.2 / HH12.CRT.1: (move, disordered, stands lost) per row and class."""
    crt_printed: dict[int, PrintedRow]
    impact_minus_per_lost_stand: bool
    """HH.HTH.8 (2022: -1 impact per stand lost) / HH12.IMP.2 (2012: only the cap at stands)."""
    column_impact_penalty: int
    """HH.HTH.8 (2022: -2 in column) / HH12.IMP.3 (2012: none, ruling HH12.IMP.A1)."""
    pike_block_impact: int | None
    """HH.SPECIAL.29 (2022: +6) / HH12.SPEC.18 (2012: the list value, None)."""
    column_two_needs_three: bool
    """HH.HTH.7 (2022: a column with 2 or fewer stands counts 1) / HH12.MELEE.1 (2012: min(2, stands))."""
    line_to_column_mp: int
    """HH.MOVE.13 (2022: 1 MP) / HH12.MOV.3 (2012: free)."""
    column_to_line_mp: int
    """HH.MOVE.13 / HH12.MOV.3: 1 MP in both."""
    single_hex_rule: bool
    """HH.MOVE.27 (2022) / HH12.MOV.12 (2022-only: off in 2012)."""
    shooting_points: dict[int, int]
    """HH.ARMY.7 (2022: 5+/6+/7+/8+ = 4/3/2/1) / HH12.ARMY.6 (2012: 6+/7+/8+ = 3/2/1)."""
    characteristic_points: dict[str, int]
    """HH.ARMY.8 (2022: A1 1, A2 2, E1 1, E2 2, F 1, H -1, AH -1) / HH12.ARMY.2 (2012: armour and the horde only)."""
    shooting_factors: tuple[int, ...]
    """HH.ARMY.6 (2022: 5+ to 8+) / HH12.ARMY.6, HH12.SHOOT.1 (2012: 6+ to 8+, no 5+)."""
    general_ratio: int | None
    """HH.GEN.6 (2022: at most 1 general per 5 units) / HH12.GEN.4 (2012: none, possible extraction loss)."""
    disengage_classes: str
    """HH.MOVE.24 (2022: class A infantry) / HH12.MOV.10 (2012: classes A and B)."""
    disengage_hordes: bool
    """HH.MOVE.24 (2022: hordes may not step back) / ruling HH12.MOV.A5 (2012: they may)."""
    pursuit_optional_infantry: str
    """HH.COMP.34 (2022: class A infantry and cavalry) / HH12.CMP.14 (2012: class A and B infantry only)."""
    pursuit_optional_cavalry: bool
    """HH.COMP.34 (2022: class A cavalry may choose) / HH12.CMP.14 (2012: cavalry always pursues)."""
    impetuous_ignores_command: bool
    """HH.SPECIAL.37 (2022: attack only when not under command) / HH12.SPEC.22 (2012: whether or not)."""
    command_across_lakes: bool
    """HH.CMD.5 (2022: lakes up to 2 wide) / HH12.CMD.5 (2012: never across lakes)."""
    simultaneous_shooting: bool
    """HH.SEQ.14 (2022: option `shooting_mode`, default sequential) / HH12.SEQ.3 (2012: always simultaneous)."""
    chariots_pursue: bool
    """HH.COMP.34 (2022: chariots must pursue) / HH12.CMP.14, HH12.CMP.A14 (2012: chariots never pursue)."""
    disordered_may_turn_to_face: bool
    """HH.HTH.21 (2022: a disrupted unit turns to face) / HH12.DIS.7 (2012: a disordered unit cannot)."""
    mounted_as_if_disordered_against: frozenset[Terrain]
    """HH.DISR.6 (2022: mounted troops attacking a BUA) / HH12.TER.7, HH12.TER.10, HH12.DIS.8 (2012: attacking into
    woods, broken ground or a BUA) fight as if disordered."""
    rally_may_change_formation: bool
    """HH.DISR.3 (2022: a rallying unit may form column or deploy) / HH12.SEQ.2 (2012: it only turns)."""
    pavise_vs_gunpowder: int
    """HH.SHOOT.18 (2022: gunpowder cuts a pavise to +1) / HH12.ARM.5, WX-03 h (2012: the pavise keeps +2)."""
    pavise_all_round: bool
    """HH.SPECIAL.10 (2022: front arc only) / HH12.SPEC.10 (2012: +2 all round against shooting)."""
    push_disordered_friends: bool
    """HH.COMP.6 (2022: disrupted friends cannot be pushed) / HH12.CMP.2 (2012: only friends in melee cannot)."""
    melee_recoil_any_hex_away: bool
    """HH.COMP.3 (2022: directly away only) / HH12.CMP.1, ruling HH12.CMP.A1 (2012: any of the 3 hexes farther
    from the enemy faced, an empty one before a push)."""
    sight_rule: HalfHexRule
    """HH.SHOOT.8, HH.HEX.12 (2022: the half-hex rule, both candidate lines clear) / HH12.SHOOT.3, ruling
    HH12.SHOOT.A1 (2012: a clear line of hexes, either candidate line)."""
    fire_blocking_terrain: frozenset[Terrain]
    """HH.TERR.28, HH.TERR.49 (2022: woods, BUA, impenetrable) / HH12.TER.6 (2012: broken ground too)."""
    artillery_into_woods_max: int
    """HH.TERR.31 (2022: artillery at a wood hex up to 3 hexes) / HH12.TER.9, HH12.ART.8 (2012: never, 0)."""
    small_arms_into_woods_max: int
    """HH.TERR.28, HH.TERR.29 (2022: range 2) / HH12.TER.9, ruling HH12.TER.A9 (2012: adjacent only, 1)."""
    must_target_nearest: bool
    """HH.SHOOT.6 (2022: any enemy in range) / HH12.SHOOT.4, HH12.ART.3, ruling HH12.SHOOT.A2 (2012: the nearest
    legal target, a choice among equally near ones)."""
    side_facing_wide_arc: bool
    """HH.SHOOT.7 (2022: small arms shoot through 2 front sides) / HH12.SHOOT.5, ruling HH12.SHOOT.A3 (2012: 3 when
    facing a side)."""
    must_end_facing_point: bool
    """HH.MOVE.12 (2022: a move ends facing a hex point) / HH12.MOV.6 (2012: a side facing is allowed)."""
    flee_continuation: bool
    """2012-only (HH12.CMP.6, ruling HH12.CMP.A6): a unit that fled makes a further full move toward its own
    edge at the start of its side's next tactical movement."""
    follow_up_optional_for: frozenset[str]
    """HH.COMP.26 (2022: class-A infantry, wall, river, BUA, stakes, pavisses, war wagons, shield wall) /
    HH12.CMP.12, ruling HH12.CMP.A8 (2012: defenders of a linear obstacle only: wall, river, stakes, pavisses)."""
    follow_up_river_own_hex: bool
    """Ruling HH12.CMP.A8: in 2012 a winner standing in a river hex also holds the river line (2022: no)."""
    broken_ground_stops: bool
    """HH.TERR.18-20 (2022: broken to broken is a whole move, cavalry enter only as a first step) / HH12.TER.5,
    ruling HH12.TER.A3 (2012: entering ends the move, a move out of it is 1 hex)."""
    leftover_half_cost: bool
    """HH.WIN.5 (2022: a leftover of half a unit or more counts in full, less counts 0) / HH12.WIN.3, ruling
    HH12.WIN.A1 (2012: half a unit or less counts half the cost, more counts in full)."""
    war_wagons_ignore_flee: bool
    """HH.SPECIAL.41, HH.COMP.23 (2022: a war wagon made to flee is eliminated) / HH12.SPEC.17 (2012: war wagons do
    not flee; the disorder and stand losses of the result still apply)."""
    combined_same_class: bool
    """HH.SPECIAL.23 (2022: the classes may differ, the front one is used) / HH12.SPEC.16 (2012: one class)."""
    only_2022_troops: bool
    """HH12.X.1: shield walls (S), elephants, dismounting cavalry and the AH code exist only in 2022."""
    terrain_armour_vs_artillery: bool
    escarpments: bool
    """HH.TERR.54-62 (2022: steep escarpment sides) / HH12.TER.23 (2022-only: a 2012 map has none)."""
    moving_stakes_bar_shooting: bool
    evade_disorders_friends: bool
    overhead_at_raised_targets: bool
    """HH.SHOOT.10 (2022: over friends from higher ground at any target twice as far) / HH12.TER.3, ruling
    HH12.TER.A1 (2012: not at a target standing on a hill or slope)."""
    high_fire_friend_gap: int
    artillery_refaces_to_shoot: bool
    terrain_locks_formation: bool
    """HH.TERR.27, HH.TERR.36, HH.TERR.48 (2022: no formation change wood to wood, into or out of a river or a BUA) /
    HH12.TER.8, HH12.TER.11, HH12.TER.19 (2022-only: 2012 has no such limit, ruling HH12.TER.A3)."""
    one_hex_terrain: frozenset[Terrain]
    road_ignores_terrain_in_any_formation: bool
    """HH.TERR.12 (2022: only a column on the road ignores woodland, BUA and broken-ground limits) / HH12.TER.18,
    ruling HH12.TER.A6 (2012: any formation along the road; wheeled units still never enter)."""
    road_free_refacing: bool
    """HH.TERR.10 (2022: a free re-facing on first entering a road hex) / HH12.TER.18, ruling HH12.ARMY.A1 (2012:
    none)."""
    squeeze_mp: int
    """HH.TERR.40 (2022: squeezing into a bridge or ford costs 1 MP) / HH12.MOV.5, ruling HH12.MOV.A1 (2012: free)."""
    restriction_splits: bool
    """Ruling HH.TERR.43 (2022: a 6-stand unit splits 4 + 2 at a bridge or ford) / ruling HH12.MOV.A1 (2012: it does
    not split and counts as a column while squeezed)."""
    column_bonus_on_first_step: bool
    shooting_recoil_from_nearest: bool
    stakes_from_side_facing: bool
    disordered_follow_and_pursue: bool
    pavises_kept_in_contact: bool
    artillery_friendly_fire: bool
    pursuit_toward_fugitive: bool
    """HH.COMP.36, HH.COMP.39 (2022: pursuers follow the flee path, the other winners behind) / HH12.CMP.15, ruling
    HH12.CMP.A9 (2012: only the follower pursues, by a shortest path toward the fugitive)."""
    edge_halt_routs: bool = False
    """HH.COMP.8, HH.COMP.19 (2022: a unit on its own edge recoils along it; only a flee removes it) / HH12.CMP.10
    (2012: a flee that reaches the own edge halts there facing the edge, and a recoil or flee from that hex removes
    the unit as routed)."""
    flee_pushes_not_passes_disordered: bool = False
    """HH.COMP.17, HH.COMP.20 (2022: a flee neither passes nor pushes disrupted friends) / HH12.CMP.9, ruling
    HH12.CMP.A13 (2012: it may push a disordered friend out of the hex where it ends, never pass through one)."""
    general_tie_static: bool = False
    """HH.HTH.6 (2022: a level fight with a lone general gives no result and no marker) / ruling HH12.GEN.A2 (2012:
    the unit becomes static and they fight again next phase unless the general rides off)."""
    phasing_orders_shooting_results: bool = False
    """HH.SEQ.14, HH.PD.25 (2022: pooled results are applied phasing side first, by target id) / ruling HH12.SEQ.A1
    (2012: the phasing player may name the order of the targets with a `results` line)."""
    small_arms_split: bool = False
    """HH.PD.23 (2022: a contacted shooter puts all its dice on one attacker) / HH12.SHOOT.6 (2012: it may divide its
    dice among the units that moved into contact, the standing order `split-fire`)."""
    skirmish_order: bool = False
    """HH.SPECIAL.39 (2022: skirmishers are ordinary formed units with E1/E2) / HH12.SPEC.1-9, ruling HH12.SPEC.A1
    (2012: skirmish order; this engine plays the fallback of item 11, see games/hordes_heroes/skirmish_2012.py)."""
    """HH.ART.14 (2022: artillery may fire at an enemy in melee with friends, no risk) / HH12.ART.9, ruling
    HH12.ART.A2 (2012: each miss rolls again at the nearest friend next to the target)."""
    """HH.SPECIAL.9 (2022: pavisses are dropped on moving into contact) / HH12.SPEC.10, ruling HH12.SPEC.A2 (2012:
    kept, lost only by a melee recoil or flee or by following up)."""
    """HH.COMP.30, HH.COMP.34 (2022: a disrupted winner follows up only if no other can, and never pursues) /
    HH12.CMP.13, ruling HH12.CMP.A7 (2012: disordered winners follow up and pursue like the others)."""
    """HH.SPECIAL.14 (2022: a unit plants stakes facing a point, on its 2 front sides) / HH12.SPEC.13, ruling
    HH12.SPEC.A3 (2012: facing a side too, covering 3 sides)."""
    """HH.COMP.12 (2022: four categories, the third any vacant hex, even towards the enemy) / HH12.CMP.4, ruling
    HH12.CMP.A2 (2012: away from the nearest shooter only, as a melee recoil)."""
    """HH.MOVE.5 (2022: the formation at the start fixes the allowance) / ruling HH12.MOV.A7 (2012: in column before
    the first step gives the off-road column +1)."""
    """2012 terrain a move that starts in it leaves by one hex only: broken ground and villages (HH12.TER.5,
    HH12.TER.19, ruling HH12.TER.A3); 2022 none (its own broken-ground rules, HH.TERR.18-20)."""
    """HH.ART.10 (2022: artillery may re-face just before it shoots) / HH12.ART.4 (2012: only in its movement phase,
    or when it fires from Hold Fire)."""
    """HH.ART.13 (2022: the adjacent friend a ballista fires over may be next to the target, 0) / HH12.ART.5 (2012:
    at least 2 hexes from the target)."""
    """HH.COMP.43 (2022: friends an evader passes through or pushes aside are disrupted) / HH12.CMP.16, ruling
    HH12.CMP.A10 (2012: it passes friends harmlessly, pushes none and must end in an empty hex)."""
    """HH.SHOOT.3, ruling HH.SHOOT.4 (2022: a unit that moved carrying unplanted stakes does not shoot) /
    HH12.SHOOT.8 (2012: moving never stops small arms, except pavise carriers)."""
    """HH.ART.8 (2022: woods and BUA give A2 against artillery) / HH12.ARM.4, ruling HH12.ARM.A1 (2012: never)."""


RULES_2022 = EditionRules(
    edition=Edition.E2022,
    title="Hordes & Heroes (2022)",
    rulings_page="docs/rulings/hordes-heroes.md",
    crt=CRT,
    crt_printed=CRT_PRINTED,
    impact_minus_per_lost_stand=True,
    column_impact_penalty=2,
    pike_block_impact=6,
    column_two_needs_three=True,
    line_to_column_mp=1,
    column_to_line_mp=1,
    single_hex_rule=True,
    shooting_points=dict(SHOOT_POINTS),
    characteristic_points={"A1": 1, "A2": 2, "E1": 1, "E2": 2, "F": 1, "H": -1, "AH": -1},
    shooting_factors=(5, 6, 7, 8),
    general_ratio=5,
    disengage_classes="A",
    disengage_hordes=False,
    pursuit_optional_infantry="A",
    pursuit_optional_cavalry=True,
    impetuous_ignores_command=False,
    command_across_lakes=True,
    simultaneous_shooting=False,
    chariots_pursue=True,
    disordered_may_turn_to_face=True,
    mounted_as_if_disordered_against=frozenset({Terrain.BUA}),
    rally_may_change_formation=True,
    pavise_vs_gunpowder=1,
    pavise_all_round=False,
    push_disordered_friends=False,
    melee_recoil_any_hex_away=False,
    sight_rule=HalfHexRule.BOTH_CLEAR,
    fire_blocking_terrain=frozenset({Terrain.WOOD, Terrain.BUA, Terrain.IMPENETRABLE}),
    artillery_into_woods_max=3,
    small_arms_into_woods_max=2,
    must_target_nearest=False,
    side_facing_wide_arc=False,
    must_end_facing_point=True,
    flee_continuation=False,
    follow_up_optional_for=frozenset(
        {"class-A infantry", "a wall", "a river", "a BUA", "stakes", "pavisses", "war wagons", "shield wall"}
    ),
    follow_up_river_own_hex=False,
    broken_ground_stops=False,
    leftover_half_cost=False,
    war_wagons_ignore_flee=False,
    combined_same_class=False,
    only_2022_troops=False,
    terrain_armour_vs_artillery=True,
    escarpments=True,
    moving_stakes_bar_shooting=True,
    evade_disorders_friends=True,
    overhead_at_raised_targets=True,
    high_fire_friend_gap=0,
    artillery_refaces_to_shoot=True,
    terrain_locks_formation=True,
    one_hex_terrain=frozenset(),
    road_ignores_terrain_in_any_formation=False,
    road_free_refacing=True,
    squeeze_mp=1,
    restriction_splits=True,
    column_bonus_on_first_step=False,
    shooting_recoil_from_nearest=False,
    stakes_from_side_facing=False,
    disordered_follow_and_pursue=False,
    pavises_kept_in_contact=False,
    artillery_friendly_fire=False,
    pursuit_toward_fugitive=False,
)

RULES_2012 = EditionRules(
    edition=Edition.E2012,
    title="Hordes & Heroes Medieval (2012)",
    rulings_page="docs/rulings/hordes-heroes-2012.md",
    crt=CRT_2012,  # HH12.CRT.1
    crt_printed=CRT_PRINTED_2012,
    impact_minus_per_lost_stand=False,  # HH12.IMP.2
    column_impact_penalty=0,  # HH12.IMP.3, ruling HH12.IMP.A1
    pike_block_impact=None,  # HH12.SPEC.18
    column_two_needs_three=False,  # HH12.MELEE.1
    line_to_column_mp=0,  # HH12.MOV.3
    column_to_line_mp=1,  # HH12.MOV.3
    single_hex_rule=False,  # HH12.MOV.12
    shooting_points={6: 3, 7: 2, 8: 1},  # HH12.ARMY.6
    characteristic_points={"A1": 1, "A2": 2, "H": -1},  # HH12.ARMY.2: E1/E2/F/G/C/HT free
    shooting_factors=(6, 7, 8),  # HH12.ARMY.6, HH12.SHOOT.1
    general_ratio=None,  # HH12.GEN.4 (possible extraction loss)
    disengage_classes="AB",  # HH12.MOV.10
    disengage_hordes=True,  # ruling HH12.MOV.A5
    pursuit_optional_infantry="AB",  # HH12.CMP.14
    pursuit_optional_cavalry=False,  # HH12.CMP.14
    impetuous_ignores_command=True,  # HH12.SPEC.22
    command_across_lakes=False,  # HH12.CMD.5
    simultaneous_shooting=True,  # HH12.SEQ.3
    chariots_pursue=False,  # HH12.CMP.14, ruling HH12.CMP.A14
    disordered_may_turn_to_face=False,  # HH12.DIS.7
    mounted_as_if_disordered_against=frozenset({Terrain.BUA, Terrain.WOOD, Terrain.BROKEN}),  # HH12.TER.7
    rally_may_change_formation=False,  # HH12.SEQ.2
    pavise_vs_gunpowder=2,  # HH12.ARM.5
    pavise_all_round=True,  # HH12.SPEC.10
    push_disordered_friends=True,  # HH12.CMP.2, ruling HH12.CMP.A3
    melee_recoil_any_hex_away=True,  # HH12.CMP.1, ruling HH12.CMP.A1
    sight_rule=HalfHexRule.EITHER_CLEAR,  # HH12.SHOOT.3, ruling HH12.SHOOT.A1
    fire_blocking_terrain=frozenset({Terrain.WOOD, Terrain.BUA, Terrain.IMPENETRABLE, Terrain.BROKEN}),  # HH12.TER.6
    artillery_into_woods_max=0,  # HH12.TER.9, HH12.ART.8
    small_arms_into_woods_max=1,  # ruling HH12.TER.A9
    must_target_nearest=True,  # HH12.SHOOT.4, HH12.ART.3
    side_facing_wide_arc=True,  # HH12.SHOOT.5
    must_end_facing_point=False,  # HH12.MOV.6
    flee_continuation=True,  # HH12.CMP.6
    follow_up_optional_for=frozenset({"a wall", "a river", "stakes", "pavisses"}),  # HH12.CMP.12
    follow_up_river_own_hex=True,  # ruling HH12.CMP.A8
    broken_ground_stops=True,  # HH12.TER.5, ruling HH12.TER.A3
    leftover_half_cost=True,  # HH12.WIN.3, ruling HH12.WIN.A1
    war_wagons_ignore_flee=True,  # HH12.SPEC.17
    combined_same_class=True,  # HH12.SPEC.16
    only_2022_troops=True,  # HH12.X.1
    terrain_armour_vs_artillery=False,  # HH12.ARM.4, ruling HH12.ARM.A1
    escarpments=False,  # HH12.TER.23
    moving_stakes_bar_shooting=False,  # HH12.SHOOT.8
    evade_disorders_friends=False,  # HH12.CMP.16, ruling HH12.CMP.A10
    overhead_at_raised_targets=False,  # HH12.TER.3, ruling HH12.TER.A1
    high_fire_friend_gap=2,  # HH12.ART.5
    artillery_refaces_to_shoot=False,  # HH12.ART.4
    terrain_locks_formation=False,  # HH12.TER.8, HH12.TER.11, HH12.TER.19
    one_hex_terrain=frozenset({Terrain.BROKEN, Terrain.BUA}),  # HH12.TER.5, HH12.TER.19, ruling HH12.TER.A3
    road_ignores_terrain_in_any_formation=True,  # HH12.TER.18, ruling HH12.TER.A6
    road_free_refacing=False,  # HH12.TER.18, ruling HH12.ARMY.A1
    squeeze_mp=0,  # HH12.MOV.5, ruling HH12.MOV.A1
    restriction_splits=False,  # ruling HH12.MOV.A1
    column_bonus_on_first_step=True,  # ruling HH12.MOV.A7
    shooting_recoil_from_nearest=True,  # HH12.CMP.4, ruling HH12.CMP.A2
    stakes_from_side_facing=True,  # HH12.SPEC.13, ruling HH12.SPEC.A3
    disordered_follow_and_pursue=True,  # HH12.CMP.13, ruling HH12.CMP.A7
    pavises_kept_in_contact=True,  # HH12.SPEC.10, ruling HH12.SPEC.A2
    artillery_friendly_fire=True,  # HH12.ART.9, ruling HH12.ART.A2
    pursuit_toward_fugitive=True,  # HH12.CMP.15, ruling HH12.CMP.A9
    edge_halt_routs=True,  # HH12.CMP.10, ruling HH12.CMP.A4
    flee_pushes_not_passes_disordered=True,  # HH12.CMP.9, ruling HH12.CMP.A13
    general_tie_static=True,  # ruling HH12.GEN.A2
    phasing_orders_shooting_results=True,  # ruling HH12.SEQ.A1
    small_arms_split=True,  # HH12.SHOOT.6
    skirmish_order=True,  # HH12.SPEC.1-9, ruling HH12.SPEC.A1 (fallback of item 11)
)

EDITIONS: dict[Edition, EditionRules] = {Edition.E2022: RULES_2022, Edition.E2012: RULES_2012}

FIX_2012_DELTAS = FIX_BOOK_13
"""The rules version from which the 2012 deltas of the second issue-18 pass are played (the fields below);
a 2012 game recorded at version 1 keeps the 2022 values for them, as it was played."""
RULES_2012_V1 = replace(
    RULES_2012,
    # Version 1 played 2012 broken ground as one hex a move already (HH12.TER.5); villages came with version 2.
    one_hex_terrain=frozenset({Terrain.BROKEN}),
    **{
        f: getattr(RULES_2022, f)
        for f in (
            "escarpments",
            "moving_stakes_bar_shooting",
            "evade_disorders_friends",
            "overhead_at_raised_targets",
            "high_fire_friend_gap",
            "artillery_refaces_to_shoot",
            "terrain_locks_formation",
            "road_ignores_terrain_in_any_formation",
            "road_free_refacing",
            "squeeze_mp",
            "restriction_splits",
            "column_bonus_on_first_step",
            "shooting_recoil_from_nearest",
            "stakes_from_side_facing",
            "disordered_follow_and_pursue",
            "pavises_kept_in_contact",
            "artillery_friendly_fire",
            "pursuit_toward_fugitive",
            "edge_halt_routs",
            "flee_pushes_not_passes_disordered",
            "general_tie_static",
            "phasing_orders_shooting_results",
            "small_arms_split",
            "skirmish_order",
        )
    },
)


def rules_for(edition: Edition | str, version: int = LATEST_RULES_VERSION) -> EditionRules:
    """The rules of an edition by enum or its name ("2012" / "2022") at a rules version; ValueError names the
    known editions."""
    if isinstance(edition, str):
        try:
            edition = Edition(edition)
        except ValueError:
            known = ", ".join(repr(e.value) for e in Edition)
            raise ValueError(f"edition {edition!r} is unknown; known editions: {known}") from None
    if edition is Edition.E2012 and version < FIX_2012_DELTAS:
        return RULES_2012_V1
    return EDITIONS[edition]


def formula_points(p: Profile, rules: EditionRules) -> int:
    """The edition's points formula: class + speed + CF (impact free) + shooting + characteristics (HH.ARMY.1;
    2012: HH12.ARMY.2, HH12.ARMY.6, checked against the 2012 table's ten rows, WX-01). Artillery keeps its flat
    value (HH.ARMY.10)."""
    if p.flat_points is not None:
        return p.flat_points
    shoot = rules.shooting_points.get(p.shoot or 0, 0)
    traits = sum(rules.characteristic_points.get(t.value, 0) for t in p.traits)
    return p.cls.points + p.speed.hexes + p.cf + shoot + traits


def points_warnings(p: Profile, rules: EditionRules) -> list[str]:
    """A printed value that disagrees with the edition's formula (HH.ARMY.15, HH12.ARMY.2); the list value is used.
    No class-A horde warning: 2012 hordes may be of any class (HH12.SPEC.19)."""
    if p.list_points is None or p.flat_points is not None or p.list_points == formula_points(p, rules):
        return []
    return [
        f"profile {p.id} ({p.name}): the list prints {p.list_points} points but the {rules.edition.value} formula"
        f" gives {formula_points(p, rules)}; the list value is used [HH.ARMY.15, HH12.ARMY.2]"
    ]


def troop_problems(p: Profile, rules: EditionRules) -> list[str]:
    """2022-only troop features in a game of another edition (HH12.X.1, HH12.SPEC.24): shield wall, elephants,
    dismounting, AH."""
    if not rules.only_2022_troops:
        return []
    found = [
        what
        for what, present in (
            ("a shield wall (S)", any(t.value == "S" for t in p.traits)),
            ("elephants", p.category.value == "elephant"),
            ("a dismounted profile", p.dismounted is not None),
            ("the AH code", any(t.value == "AH" for t in p.traits)),
        )
        if present
    ]
    return [f"profile {p.id} ({p.name}) has {x}, which {rules.title} does not have [HH12.X.1]" for x in found]
