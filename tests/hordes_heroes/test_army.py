"""Troop profiles, points, army lists and generals [HH.ARMY.*, HH.TROOP.*, HH.GEN.*, HH.BASE.*, HH.DATA.*]."""

from __future__ import annotations

import pytest

from games.hordes_heroes.armies import ForceGeneral, choose_cinc, list_names, load_army_list, validate_army
from games.hordes_heroes.model import Category, Speed, TroopClass, general_cost, max_generals

from .helpers import P

# (name, class, speed, cf, impact, shoot, traits, printed total)  -- the book's table, p. 5 [HH.TROOP.*]
TROOP_TABLE = [
    ("Mounted Men-at-Arms", "B", "3CR", 5, 4, None, ["A2"], 14),
    ("Retinue Longbowmen", "B", "1CR", 2, 0, 5, ["A1"], 12),
    ("Peasant (Horde)", "E", "1R", 1, 0, None, ["H"], 2),
    ("Teutonic Knights", "A", "3CR", 6, 4, None, ["A2"], 16),
    ("Mongol Light Cavalry", "B", "5R", 2, 0, 6, ["E2", "F"], 14),
    ("Greek Hopolites", "B", "1CR", 5, 4, None, ["A2", "S"], 12),
    ("Skirmishers", "C", "2R", 1, 0, 8, ["E2"], 9),
    ("Roman Auxillaries", "C", "1CR", 4, 1, None, ["A1", "S"], 9),
    ("Dacian Warriors (H)", "C", "2R", 4, 1, None, ["A1", "H"], 9),
]


@pytest.mark.parametrize("row", TROOP_TABLE, ids=[r[0] for r in TROOP_TABLE])
def test_HH_EX_41_troop_table_points(row):
    """HH.EX.41, HH.ARMY.1, HH.ARMY.2, HH.ARMY.3, HH.ARMY.4, HH.ARMY.6, HH.ARMY.7, HH.ARMY.8, HH.ARMY.9,
    HH.TROOP.1, HH.TROOP.2, HH.TROOP.4, HH.TROOP.5: every row's formula equals the printed total except
    Mongol Light Cavalry (17 against 14, HH.TROOP.3)."""
    name, cls, speed, cf, imp, shoot, traits, printed = row
    p = P("x", name, "infantry", cls, speed, cf, imp, shoot, traits, list_points=printed)
    if name.startswith("Mongol"):
        assert p.formula_points == 17 and p.points == 14
        assert any("HH.ARMY.15" in w for w in p.warnings())
    else:
        assert p.formula_points == printed and p.warnings() == []


def test_HH_TROOP_3_list_value_used_formula_warns():
    """HH.TROOP.3, HH.ARMY.15, HH.DATA.1, HH.NOTE.1: the list value counts; the formula only warns."""
    mongol = load_army_list("mongol")
    lc = mongol.profile("light-cavalry")
    assert lc.points == 14 and lc.formula_points == 17 and lc.warnings()


def test_HH_TROOP_7_artillery_flat_points():
    """HH.TROOP.7, HH.ARMY.10, HH.BASE.4: artillery takes a flat value, 1-3 stands."""
    guns = load_army_list("wotr-english").profile("field-guns")
    assert guns.points == 8 and guns.category is Category.ARTILLERY and guns.stands == 2


def test_HH_EX_20_general_costs_and_ratio():
    """HH.EX.20, HH.ARMY.11, HH.GEN.1, HH.GEN.2, HH.GEN.3, HH.GEN.6, HH.GEN.7, HH.TROOP.6: 2/2 = 8, 3/3 = 10, 4/4 = 12,
    a 3/3 hero 15; 20 units allow 4 generals, 12 allow 2, 4 allow 1."""
    assert [general_cost(2, 2, False), general_cost(3, 3, False), general_cost(4, 4, False)] == [8, 10, 12]
    assert general_cost(3, 3, True) == 15
    assert [max_generals(20), max_generals(12), max_generals(4)] == [4, 2, 1]
    with pytest.raises(ValueError):
        general_cost(3, 2, False)


def test_HH_ARMY_12_points_limit_and_HH_GEN_6_general_limit():
    """HH.ARMY.12, HH.ARMY.16, HH.GEN.5, HH.GEN.6, HH.GEN.7, HH.PD.1: a force over the agreed points, with too many
    generals or two C-in-Cs is refused; with none named the costliest general is C-in-C."""
    army = load_army_list("wotr-english")
    errs, _ = validate_army(army, ["mma"] * 4, [ForceGeneral("general", cinc=True)], 50)
    assert any("HH.ARMY.12" in e for e in errs)
    errs, _ = validate_army(army, ["mma"], [ForceGeneral("general"), ForceGeneral("general")], 100)
    assert any("HH.GEN.6" in e for e in errs)
    errs, _ = validate_army(army, ["mma"], [], 100)
    assert any("HH.GEN.7" in e for e in errs)
    errs, _ = validate_army(
        army, ["mma"] * 10, [ForceGeneral("general", cinc=True), ForceGeneral("general", cinc=True)], 999
    )
    assert any("HH.GEN.5" in e for e in errs)
    assert choose_cinc(army, [ForceGeneral("general"), ForceGeneral("general", hero=True)]) == 1


def test_HH_ARMY_13_shipped_lists_are_valid():
    """HH.ARMY.13, HH.DATA.1, HH.BASE.1, HH.BASE.3, HH.BASE.5: six lists load, with sensible sizes and classes."""
    names = list_names()
    assert len(names) >= 6
    for n in names:
        a = load_army_list(n)
        for p in a.profiles.values():
            assert 1 <= p.stands <= 6
            assert p.points > 0
            if p.horde:
                assert p.cls is not TroopClass.A  # HH.ARMY.14


def test_HH_ARMY_14_horde_class_and_shield_wall_warnings():
    """HH.ARMY.14: a class-A horde or a class-D shield wall is flagged."""
    assert P("x", "x", "infantry", "A", "1R", 1, traits=["H"]).warnings()
    assert P("x", "x", "infantry", "D", "1R", 1, traits=["S"]).warnings()


def test_HH_ARMY_5_speed_letters():
    """HH.ARMY.4, HH.ARMY.5: speeds 1-5 with C (column) and R (road) letters."""
    assert Speed.parse("3CR") == Speed(3, True, True)
    assert str(Speed.parse("5R")) == "5R"
    with pytest.raises(ValueError):
        Speed.parse("6C")


def test_HH_DEF_4_mounted_and_wheeled_and_HH_DEF_5():
    """HH.DEF.3, HH.DEF.4, HH.DEF.5: mounted = cavalry, chariots, elephants; wheeled = chariots, wagons,
    artillery; elephants follow cavalry rules."""
    assert Category.ELEPHANT.mounted and Category.ELEPHANT.cavalry_rules
    assert Category.CHARIOT.wheeled and Category.CHARIOT.mounted and not Category.CHARIOT.cavalry_rules
    assert not Category.INFANTRY.mounted
