"""The default roster (house values) and its checks [CH.ROSTER.1]-[CH.ROSTER.6]; scenario files."""

from __future__ import annotations

import pytest

from campaign.kit.scenario_file import ScenarioError, TomlDocument
from games.cry_havoc import RULESET
from games.cry_havoc.model import AnimalKind, Condition, Values
from games.cry_havoc.scenario import build_state, roster
from games.cry_havoc.tables import Weapon, column

from .helpers import make, man

T, ANIMALS = roster()
ORDER = ["knight", "sergeant", "horseman", "man_at_arms", "shortbowman", "crossbowman", "peasant", "civilian"]


def test_CH_ROSTER_2_default_values() -> None:
    """[CH.ROSTER.2] [CH.ROSTER.1] [CH.ROSTER.3]: the proposed table, mounted counters only where printed."""
    k = T["knight"]
    assert (k.mounted, k.mounted_wounded, k.foot, k.foot_wounded) == (
        Values(48, 15, 12),
        Values(24, 8, 10),
        Values(30, 12, 6),
        Values(15, 6, 3),
    )
    assert T["man_at_arms"].mounted is None and not T["peasant"].can_ride
    assert T["shortbowman"].weapon is Weapon.SHORTBOW and T["crossbowman"].weapon is Weapon.CROSSBOW
    assert k.ransom == (10, 5) and ANIMALS == {AnimalKind.HORSE: 6, AnimalKind.MULE: 4}


def test_CH_ROSTER_6_checks() -> None:
    """[CH.ROSTER.6] (a)-(h) on the default roster."""
    assert column(48, T["knight"].foot_wounded.defence) == 8  # (a)
    for t in ("knight", "sergeant", "horseman"):  # (b)
        m = T[t].mounted
        assert m and column(m.attack, m.defence) >= 3
    assert column(30, 15) == 2  # (c)
    for t in ORDER[:-1]:  # (d)
        assert column(T[t].foot.attack, T[t].foot.defence) >= 2, t
    assert column(22, 15) >= 1 and column(22, 12) >= 1 and column(60, 15) <= 5  # (e)
    assert column(60, 4, -2) == 10
    for t in ORDER:  # (f)
        p = T[t]
        assert p.foot_wounded.move <= 3
        if p.mounted and p.mounted_wounded:
            assert p.mounted.move > p.foot.move and p.mounted_wounded.attack <= p.mounted.attack
    assert (
        T["knight"].foot.defence == 12 and column(T["shortbowman"].foot.attack, T["peasant"].foot.defence) == 2
    )  # (g)
    for mode in ("foot", "foot_wounded"):  # (h)
        vals = [getattr(T[t], mode) for t in ORDER]
        for a, b in zip(vals, vals[1:], strict=False):
            assert b.attack <= a.attack and b.defence <= a.defence


def test_CH_STATE_6_stunned_values() -> None:
    """[CH.STATE.6] [CH.ODDS.5] [CH.STATE.3]: stunned: attack 0, movement 0, the wounded on-foot defence."""
    st = make()
    c = man(st, "K", "knight", "red", (0, 0), condition=Condition.STUNNED)
    assert st.values(c) == Values(0, 6, 0)
    st2 = make(config={"stunned.defence": "unwounded_foot"})
    c2 = man(st2, "K", "knight", "red", (0, 0), condition=Condition.STUNNED)
    assert st2.values(c2).defence == 12
    w = man(st, "W", "knight", "red", (3, 0), facing=0, condition=Condition.WOUNDED)
    assert st.values(w) == Values(24, 8, 10)


def test_scenarios_load_and_mark_house_values() -> None:
    """Every shipped scenario loads; maps say they are house maps [CH.DATA.2] [CH.TERRAIN.11]."""
    names = [s.name for s in RULESET.scenarios()]
    assert {"raid", "siege", "castle-gate", "raid-midgame"} <= set(names)
    for n in names:
        st = RULESET.setup(n, {})
        assert st.board.house_values
        assert st.victory.kind in ("hold", "exit", "points")


def test_midgame_position_sets_markers() -> None:
    """A mid-game scenario starts at any phase with every marker set [CH.DATA.3]."""
    st = RULESET.setup("raid-midgame", {})
    assert (st.turn, st.side) == (4, "villagers")
    assert st.characters["R2"].stunned and st.characters["R1"].condition is Condition.WOUNDED
    assert st.characters["V3"].missiles == 4 and not st.animals["R4-horse"].alive
    assert st.config.options__ammunition and st.ammo_rolled


BAD = """
title = "bad"
map = "village"
turns = 3
sides = ["a", "b"]
[victory]
kind = "points"
[[characters]]
id = "X1"
type = "wizard"
side = "a"
at = "0101"
[[characters]]
id = "X2"
type = "knight"
side = "c"
at = "9999"
coloUr = "red"
"""


def test_scenario_errors_name_line_and_field() -> None:
    """A bad scenario lists every problem with file, line and field, never a traceback [CH.ROSTER.4]."""
    with pytest.raises(ScenarioError) as e:
        build_state("bad", doc=TomlDocument.parse(BAD, "bad.toml"))
    text = str(e.value)
    assert "unknown type 'wizard'" in text and "characters[1].side" in text and "coloUr" in text
    assert "bad.toml:" in text
