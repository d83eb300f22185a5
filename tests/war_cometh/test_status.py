"""Ratings, mixed units, defended and fortified status, compulsory moves, leaders, impetuous units."""

from __future__ import annotations

from dataclasses import replace

from shapely.geometry import LineString, box

from campaign.table import Rect
from games.war_cometh.command import Modifiers, modified_rating
from games.war_cometh.compulsory import Kind, compulsory_move, move_direction
from games.war_cometh.defence import Cover, Defence, defence, defence_modifier
from games.war_cometh.leaders import (
    LOSS_VALUE,
    attack_bonus,
    gives_test_modifier,
    place_after_loss,
    replacement,
    wounded,
)
from games.war_cometh.lists import all_profiles
from games.war_cometh.model import Ability, Condition, Role
from games.war_cometh.ratings import (
    DIE_SIDES,
    IMPETUOUS_BONUS,
    Candidate,
    armor_quality,
    die_hits,
    forced_charge_target,
    historical_impetuous,
    knights_in_front,
    levy_terrified_of_cavalry,
    rate_unit,
    saved,
    stands_removed,
)
from games.war_cometh.troops import Category, Quality
from games.war_cometh.world import World

from .helpers import position, unit

P = all_profiles()


def test_WC_RATING_4_5_6_dice() -> None:
    """[WC.RATING.4] modified 4+ hits, a natural 6 always; [WC.RATING.6] save on >= armor, 0 never;
    [WC.RATING.5] a stand goes at H hits; [WC.META.5] armor 0 ranks worst; [WC.SCALE.4] d6 only."""
    assert die_hits(3, 1) and not die_hits(3) and die_hits(6, -3) and not die_hits(5, -2)
    assert saved(5, 5) and not saved(4, 5) and not saved(6, 0)
    assert stands_removed(7, 3) == (2, 1)
    assert armor_quality(0) == 7 and armor_quality(3) == 3
    assert DIE_SIDES == 6


def test_WC_MIXED_unit_attributes() -> None:
    """[WC.MIXED.1] [WC.MIXED.2] [WC.MIXED.3] [WC.MIXED.5] [WC.RATING.7] [WC.RATING.10] a spear and
    crossbow unit: quality by majority, missile by the front rank, the slowest rate; knights in
    front; a Levy unit with knights is not terrified of cavalry."""
    spear, xbow, dk = P["english.city_militia"], P["base.crossbowmen"], P["base.knights_dmtd"]
    r = rate_unit([spear, spear, xbow, xbow], front_rank=[spear, spear])
    assert r.quality is Quality.LEVY and not r.missile and r.melee_unit and r.category is Category.INFANTRY
    r2 = rate_unit([xbow, xbow, spear], front_rank=[xbow, xbow])
    assert r2.missile and not r2.melee_unit
    mixed = rate_unit([dk, spear, spear], front_rank=[dk, spear])
    assert not mixed.impetuous  # [WC.MIXED.5] DK impetuous only when the majority
    assert knights_in_front([(dk, 1), (spear, 2)]) and not knights_in_front([(dk, 2)])
    assert levy_terrified_of_cavalry([spear, spear]) and not levy_terrified_of_cavalry([spear, spear, dk])


def test_WC_IMPET_forced_charge_target() -> None:
    """[WC.IMPET.1] [WC.IMPET.2] [WC.IMPET.3] the nearest melee unit in reach, arc and sight first,
    then any; none gives None; [WC.IMPET.4] [WC.IMPET.6] [WC.IMPET.6a] warbands and irregular
    mounted knights are impetuous, +2 on tests; [WC.IMPET.5] the Fantasy list is named."""
    c = [
        Candidate("9", 8.0, True, True, False),
        Candidate("7", 15.0, True, True, True),
        Candidate("3", 5.0, False, True, True),
        Candidate("4", 35.0, True, True, True),
    ]
    assert forced_charge_target(c, 20.0) == "7"
    assert forced_charge_target(c[:1], 20.0) == "9"
    assert forced_charge_target(c[2:], 20.0) is None
    assert historical_impetuous(P["base.axemen"]) and historical_impetuous(P["base.knights_mtd"])
    assert not historical_impetuous(P["english.brabancon_knights_mtd"]) and IMPETUOUS_BONUS == 2
    from games.war_cometh.ratings import FANTASY_IMPETUOUS

    assert "Grail Knights" in FANTASY_IMPETUOUS


def _d(**kw: object) -> Defence:
    r = Rect(50.0, 49.0, 90.0, 4.0, 2.0)
    base: dict[str, object] = dict(
        front_rank=(r,), levels=(0,), attacker_level=0, attacker_point=(50.0, 60.0), bound=r, melee=True
    )
    base.update(kw)
    return Defence(**base)  # type: ignore[arg-type]


def test_WC_FORT_status_per_attacker() -> None:
    """[WC.FORT.1] [WC.FORT.2] [WC.FORT.3] [WC.FORT.4] [WC.FORT.5] [WC.FORT.5a] [WC.FORT.6] [WC.FORT.7]
    [WC.FORT.9] [WC.FORT.10] [WC.FORT.11] [WC.FORT.12] [WC.FORT.13] [WC.FORT.14]."""
    assert defence(_d()) is Cover.NONE
    assert defence(_d(levels=(1,))) is Cover.DEFENDED
    assert defence(_d(levels=(1,), cavalry_defender=True)) is Cover.DEFENDED
    hedge = LineString([(40, 51), (60, 51)])
    assert defence(_d(cavalry_defender=True, obstacles=(hedge,))) is Cover.NONE
    assert defence(_d(obstacles=(hedge,))) is Cover.DEFENDED
    assert defence(_d(obstacles=(hedge,), attacker_point=(50.0, 40.0), flank_or_rear=False)) is Cover.NONE
    wood = box(40, 45, 60, 55)
    assert defence(_d(woods=(wood,))) is Cover.NONE
    assert defence(_d(woods=(wood,), melee=False)) is Cover.DEFENDED
    assert defence(_d(woods=(wood,), skirmishers=True)) is Cover.DEFENDED
    assert defence(_d(levels=(1,), flank_or_rear=True)) is Cover.NONE
    assert defence(_d(levels=(1,), attacker_is_charger=True)) is Cover.NONE
    assert defence(_d(shieldwall=True)) is Cover.DEFENDED
    assert defence(_d(shieldwall=True, attacker_point=(70.0, 49.0))) is Cover.NONE
    stakes = LineString([(40, 50.5), (60, 50.5)])
    assert defence(_d(stakes=(stakes,), attacker_cavalry=True)) is Cover.DEFENDED
    assert defence(_d(stakes=(stakes,), attacker_cavalry=True, levels=(1,))) is Cover.FORTIFIED
    fort = box(40, 40, 60, 60)
    assert defence(_d(fortifications=(fort,), flank_or_rear=True)) is Cover.FORTIFIED
    assert [defence_modifier(c) for c in Cover] == [0, -1, -2]


def test_WC_COMPULSORY_directions_and_moves() -> None:
    """[WC.COMPULSORY.1] [WC.COMPULSORY.2] [WC.COMPULSORY.3] [WC.COMPULSORY.4] [WC.COMPULSORY.5]
    [WC.COMPULSORY.6] [WC.COMPULSORY.7] [WC.COMPULSORY.8] away from the cause, toward the baseline
    for a rout; through friends free; stopped by enemies; off the table into camp."""
    assert move_direction(Kind.SHOOTING_FALLBACK, own=(0, 10), other=(0, 0), facing=-90, side_a=True) == (0.0, 1.0)
    assert move_direction(Kind.ROUT, own=(0, 10), other=(0, 0), facing=90, side_a=False) == (0.0, 1.0)
    back = move_direction(Kind.MELEE_FALLBACK_CHARGER, own=(0, 0), other=(0, 5), facing=90, side_a=True)
    assert abs(back[0]) < 1e-9 and abs(back[1] + 1) < 1e-9
    same = move_direction(Kind.EVADE, own=(3, 3), other=(3, 3), facing=0, side_a=True)
    assert abs(same[0] + 1) < 1e-9
    s = position(
        unit("1", "a", "base.pikes", 3, (50, 40), 90),
        unit("2", "a", "base.pikes", 3, (50, 35), 90),
        unit("9", "b", "base.pikes", 3, (50, 60), -90),
        terrain='[[areas]]\nid = "w"\nkind = "woods"\npoints = [[40, 20], [60, 20], [60, 30], [40, 30]]\n',
    )
    w = World(s)
    back_move = compulsory_move(w, s.unit("1"), (0.0, -1.0), 8.0)
    assert back_move.translation.completed and back_move.translation.passed_through == ("2",)
    fwd = compulsory_move(w, s.unit("1"), (0.0, 1.0), 30.0, melee_loser=True)
    assert abs(fwd.translation.moved - 18.0) < 0.01 and fwd.disordered
    off = compulsory_move(w, s.unit("1"), (0.0, -1.0), 45.0)
    assert off.translation.off_table or not off.translation.completed


def test_WC_LEADER_rules() -> None:
    """[WC.LEADER.3] [WC.LEADER.4] [WC.LEADER.8] [WC.LEADER.9] [WC.LEADER.10] [WC.LEADER.11]
    [WC.LEADER.12] [WC.LEADER.12a] [WC.LEADER.13] [WC.LEADER.15] [WC.LEADER.7] [WC.LEADER.7a]."""
    s = position(unit("1", "a", "base.pikes", 3, (50, 40), 90), unit("2", "a", "base.pikes", 3, (90, 40), 90))
    ma = s.leader("ma")
    assert attack_bonus(replace(ma, attacks=2)) == 2 and wounded(6) and not wounded(5)
    assert LOSS_VALUE == {Role.MARSHAL: 6, Role.EARL: 3, Role.CAPTAIN: 1}
    assert gives_test_modifier(replace(ma, rating=9), 8.0) and not gives_test_modifier(ma, 5.0)
    assert gives_test_modifier(replace(ma, attached_to="1"), 0.0)
    near = replace(ma, x=5000, y=4500)
    s2 = place_after_loss(s.with_leader(near), "ma", unit_destroyed=True)
    assert not s2.leader("ma").lost and (s2.leader("ma").x, s2.leader("ma").y) == (5000, 4000)
    far = replace(ma, x=5000, y=10000)
    assert place_after_loss(s.with_leader(far), "ma", unit_destroyed=True).leader("ma").lost
    r = replacement(s, replace(ma, x=9000, y=3000))
    assert (r.rating, r.command_range, r.ability, r.role) == (6, 10, Ability.REPLACEMENT, Role.MARSHAL)
    assert (r.x, r.y) == (9000, 4000) and not gives_test_modifier(r, 0.0)
    from games.war_cometh.leaders import ATTACH_FOR_MELEE_CM, FANTASY_COMMAND_RANGE

    assert ATTACH_FOR_MELEE_CM == 10.0 and FANTASY_COMMAND_RANGE == 20


def test_WC_LEADER_4_attached_leader_gives_plus_2() -> None:
    """[WC.LEADER.4] [WC.CMD.9] an attached leader gives +2 when he orders his own unit."""
    assert modified_rating(8, Modifiers(attached=True)) == 10


def test_WC_RATING_attributes_of_lists() -> None:
    """[WC.RATING.1] [WC.RATING.2] [WC.RATING.3] profile fields and categories."""
    p = P["base.crossbowmen"]
    assert (p.melee, p.shoot, p.hits, p.armor, p.size) == (2, 1, 3, 0, 2)
    assert P["base.war_wagon"].category is Category.WAR_WAGON and P["base.hobilar"].category is Category.CAVALRY
    assert Condition.ROUTED.value == "routed"
