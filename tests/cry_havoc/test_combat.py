"""Hand-to-hand combat: forms, odds, terrain, results, casualties, knight priority, surrender
[CH.COMBAT.*] [CH.TADV.*] [CH.CRT.*] [CH.RANSOM.*], vectors TV-09..TV-16, TV-32..TV-43, TV-85, TV-87..TV-89, TV-94."""

from __future__ import annotations

import pytest

from games.cry_havoc.combat import Combat, odds, priority_problem, priority_set
from games.cry_havoc.model import Condition, Ransom
from games.cry_havoc.movement import Illegal
from games.cry_havoc.phase import Run, fight, step_combat
from games.cry_havoc.resolve import resolve_combat
from games.cry_havoc.tables import Table, Terrain, lookup

from .helpers import H, ctx, make, man, set_


def test_TV_09_TV_10_combined_odds() -> None:
    """TV-09, TV-10 [CH.COMBAT.4] [CH.ODDS.1]: strengths add up on either side."""
    st = make()
    man(st, "K", "knight", "blue", (0, 0))
    man(st, "M1", "man_at_arms", "red", (-1, 0))
    man(st, "M2", "man_at_arms", "red", (1, 0))
    assert odds(st, Combat(("M1", "M2"), ("K",))).column == 2
    st2 = make()
    man(st2, "R", "knight", "red", (0, 0), facing=0)  # front (0,0), rear (-1,0)
    man(st2, "M", "man_at_arms", "blue", (1, 0))
    man(st2, "P", "peasant", "blue", (-1, 1))
    od = odds(st2, Combat(("R",), ("M", "P")))
    assert (od.attack, od.defence, od.column, od.table) == (48, 9, 5, Table.CRT_INFANTRY)


def test_TV_13_horseman_worst_hex() -> None:
    """TV-13 [CH.TADV.1] [CH.HORSE.4]: a horseman half in scrub fights as from scrub: 8-1 becomes 7-1."""
    st = make({(-1, 0): Terrain.SCRUB})
    man(st, "R", "knight", "red", (0, 0), facing=0)
    man(st, "M", "man_at_arms", "blue", (1, 0))
    od = odds(st, Combat(("R",), ("M",)))
    assert (od.shift, od.column, od.table) == (-1, 7, Table.CRT_INFANTRY)


def test_TV_14_TV_15_TV_16_terrain_classes() -> None:
    """TV-14 [CH.TADV.3], TV-15 [CH.COMBAT.4], TV-16 [CH.TERRAIN.8]."""
    st = make({(1, 0): Terrain.DOOR})
    man(st, "A", "knight", "red", (0, 0))
    man(st, "D1", "peasant", "blue", (1, 0))
    man(st, "D2", "peasant", "blue", (0, 1))
    assert odds(st, Combat(("A",), ("D1", "D2"))).shift == -1
    st2 = make({(1, 0): Terrain.SCRUB})
    man(st2, "D", "knight", "blue", (0, 0))
    man(st2, "A1", "man_at_arms", "red", (-1, 0))
    man(st2, "A2", "man_at_arms", "red", (1, 0))
    with pytest.raises(Illegal) as e:
        odds(st2, Combat(("A1", "A2"), ("D",)))
    assert e.value.code == "CH.COMBAT.4"
    st3 = make({(0, 0): Terrain.WINDOW})
    man(st3, "A", "man_at_arms", "red", (0, 0))
    man(st3, "D", "peasant", "blue", (1, 0))
    assert odds(st3, Combat(("A",), ("D",))).shift == 0


def test_CH_COMBAT_5_6_forms() -> None:
    """[CH.COMBAT.5] [CH.COMBAT.6] [CH.COMBAT.10] [CH.COMBAT.2]: no many-vs-many, no mixed mounted/foot, adjacency."""
    st = make()
    man(st, "A1", "knight", "red", (0, 0))
    man(st, "A2", "knight", "red", (1, 0))
    man(st, "D1", "peasant", "blue", (0, 1))
    man(st, "D2", "knight", "blue", (1, -1), facing=1)
    with pytest.raises(Illegal) as e:
        odds(st, Combat(("A1", "A2"), ("D1", "D2")))
    assert e.value.code == "CH.COMBAT.5"
    with pytest.raises(Illegal) as e:
        odds(st, Combat(("A2",), ("D1", "D2")))
    assert e.value.code == "CH.COMBAT.6"
    man(st, "F", "peasant", "blue", (5, 5))
    with pytest.raises(Illegal) as e:
        odds(st, Combat(("A1",), ("F",)))
    assert e.value.code == "CH.COMBAT.4"
    with pytest.raises(Illegal) as e:
        odds(st, Combat(("A1",), ("A2",)))
    assert e.value.code == "CH.COMBAT.10"


def test_TV_32_shortbowman_against_peasant() -> None:
    """TV-32 [CH.CRT.4] [CH.TADV.2]: 8 vs 3 with the peasant in scrub: 3-1; die 2 D, 1 E, 7 A."""
    for die, check in ((2, "stunned"), (1, "wounded"), (7, "attacker")):
        st = make({(1, 0): Terrain.SCRUB})
        man(st, "S", "shortbowman", "red", (0, 0))
        man(st, "P", "peasant", "blue", (1, 0))
        cb = Combat(("S",), ("P",))
        od = odds(st, cb)
        assert od.column == 3
        resolve_combat(ctx(st, die), cb, od)
        if check == "attacker":
            assert st.characters["S"].condition is Condition.WOUNDED
        else:
            assert st.characters["P"].condition.value == check


def test_TV_33_TV_38_casualty_choice() -> None:
    """TV-33, TV-38 [CH.COMBAT.8] [CH.PBEM.13]: A wounds one attacker: non-fatal first, lower value, lower id."""
    st = make()
    man(st, "K", "knight", "blue", (0, 0))
    man(st, "M1", "man_at_arms", "red", (-1, 0))
    man(st, "M2", "man_at_arms", "red", (1, 0))
    cb = Combat(("M1", "M2"), ("K",))
    resolve_combat(ctx(st, 6), cb, odds(st, cb))
    assert st.characters["M1"].condition is Condition.WOUNDED and st.characters["M2"].condition is Condition.UNWOUNDED
    for peasant_wounded, victim in ((False, "P"), (True, "M")):
        st = make()
        man(st, "D", "knight", "blue", (0, 0))
        man(st, "P", "peasant", "red", (-1, 0), condition=Condition.WOUNDED if peasant_wounded else Condition.UNWOUNDED)
        man(st, "M", "man_at_arms", "red", (1, 0))
        cb = Combat(("P", "M"), ("D",))
        od = odds(st, cb)
        die = next(d for d in range(1, 11) if lookup(od.table, od.column, d) == "A")
        resolve_combat(ctx(st, die), cb, od)
        assert st.characters[victim].condition in (Condition.WOUNDED,), (peasant_wounded, victim)


def test_TV_34_door_advantage() -> None:
    """TV-34 [CH.ODDS.3] [CH.TADV.2]: two men-at-arms against a knight in a door: 1-1; one alone: np."""
    st = make({(0, 0): Terrain.DOOR})
    man(st, "K", "knight", "blue", (0, 0))
    man(st, "M1", "man_at_arms", "red", (-1, 0))
    man(st, "M2", "man_at_arms", "red", (1, 0))
    assert odds(st, Combat(("M1", "M2"), ("K",))).column == 1
    with pytest.raises(Illegal) as e:
        odds(st, Combat(("M1",), ("K",)))
    assert e.value.code == "CH.ODDS.3"


def test_TV_35_TV_39_injuries() -> None:
    """TV-35 [CH.STATE.2]: a wounded man stunned dies; TV-39 [CH.CRT.3]: E leaves a knight mounted and wounded."""
    st = make()
    man(st, "D", "man_at_arms", "blue", (0, 0), condition=Condition.WOUNDED)
    man(st, "A", "knight", "red", (-1, 0))
    cb = Combat(("A",), ("D",))
    od = odds(st, cb)
    die = next(d for d in range(1, 11) if lookup(od.table, od.column, d) == "D")
    resolve_combat(ctx(st, die), cb, od)
    assert st.characters["D"].condition is Condition.DEAD
    st2 = make()
    man(st2, "K", "knight", "blue", (0, 0), facing=0)
    man(st2, "A1", "knight", "red", (1, 0))
    man(st2, "A2", "knight", "red", (1, -1))
    cb2 = Combat(("A1", "A2"), ("K",))
    od2 = odds(st2, cb2)
    assert od2.table is Table.CRT_MOUNTED and od2.column == 4
    resolve_combat(ctx(st2, 8 - 7 + 7), cb2, od2)  # 4-1, die 8: nothing; then E below
    st3 = make()
    man(st3, "K", "knight", "blue", (0, 0), facing=0)
    man(st3, "A1", "knight", "red", (1, 0))
    man(st3, "A2", "knight", "red", (1, -1))
    resolve_combat(ctx(st3, 1), cb2, odds(st3, cb2))  # 4-1 die 1: D
    assert st3.characters["K"].stunned and not st3.characters["K"].mounted
    st4 = make()
    man(st4, "K", "knight", "blue", (0, 0), facing=0)
    man(st4, "A1", "knight", "red", (1, 0))
    man(st4, "A2", "knight", "red", (1, -1))
    man(st4, "A3", "knight", "red", (0, 1))
    cb4 = Combat(("A1", "A2", "A3"), ("K",))
    od4 = odds(st4, cb4)
    assert od4.column == 6
    resolve_combat(ctx(st4, 1), cb4, od4)  # 6-1 die 1: E
    k = st4.characters["K"]
    assert k.mounted and k.condition is Condition.WOUNDED and st4.values(k).attack == 24


def test_three_against_one_with_retreat() -> None:
    """[CH.COMBAT.4] [CH.CRT.4] [CH.RETREAT.1] [CH.CRT.5]:
    three men against one, result C: the defender falls back 1."""
    st = make()
    man(st, "D", "man_at_arms", "blue", (0, 0))
    for i, h in enumerate([(-1, 0), (-1, 1), (0, -1)], start=1):
        man(st, f"A{i}", "man_at_arms", "red", h)
    cb = Combat(("A1", "A2", "A3"), ("D",))
    od = odds(st, cb)
    assert (od.attack, od.defence, od.column) == (48, 6, 8)
    resolve_combat(ctx(st, 9), cb, od)  # 8-1, die 9: C
    d = st.characters["D"]
    assert d.hex.distance(H(0, 0)) == 1 and d.condition is Condition.UNWOUNDED
    assert all(d.hex.distance(st.characters[f"A{i}"].hex) >= 2 for i in (1, 2, 3))


def test_TV_94_cap_before_terrain() -> None:
    """TV-94 [CH.ODDS.3] [CH.TADV.4]: 48 vs 3 in a door: capped at 12, then -1: 11-1 (12-1 if capped after)."""
    for cap_after, want in ((False, 11), (True, 12)):
        st = make({(1, 0): Terrain.DOOR}, config={"odds.cap_after_shift": cap_after})
        man(st, "R", "knight", "red", (0, 0), facing=0)
        man(st, "P", "peasant", "blue", (1, 0))
        assert odds(st, Combat(("R",), ("P",))).column == want


def test_TV_88_knight_priority_adjacent() -> None:
    """TV-88 [CH.COMBAT.13] [CH.PBEM.27]: K must fight E; "K attacks P" is refused; the engine adds K vs E."""
    st = make()
    man(st, "K", "knight", "red", (0, 0))
    man(st, "E", "knight", "blue", (1, 0))
    man(st, "P", "peasant", "blue", (0, 1))
    assert [e.id for e in priority_set(st, st.characters["K"])] == ["E"]
    assert priority_problem(st, Combat(("K",), ("P",)))
    assert priority_problem(st, Combat(("K",), ("E",))) is None
    run = Run(ctx(st, 10), [], validate=False)
    step_combat(run)
    assert any("CH.PBEM.27" in line for line in run.ctx.lines) and "K" in run.attacked
    st2 = make()
    man(st2, "K", "knight", "red", (0, 0))
    man(st2, "E", "knight", "blue", (1, 0))
    man(st2, "P", "peasant", "blue", (0, 1))
    set_(st2, "K", attacked_by=("P",))
    assert priority_problem(st2, Combat(("K",), ("P",))) is None  # TV-82: P attacked him


def test_TV_83_TV_87_priority_empty() -> None:
    """TV-83, TV-87 [CH.COMBAT.13]: no adjacent knight, or one K may not legally attack: no restriction."""
    st = make()
    man(st, "K", "knight", "red", (0, 0))
    man(st, "E", "knight", "blue", (5, 0))
    man(st, "P", "peasant", "blue", (0, 1))
    assert priority_set(st, st.characters["K"]) == []
    st2 = make({(0, 0): Terrain.SCRUB})
    man(st2, "K", "knight", "red", (0, 0), condition=Condition.WOUNDED)
    man(st2, "E", "knight", "blue", (1, 0), facing=3)  # front (1,0), rear (2,0)
    man(st2, "P", "peasant", "blue", (0, 1))
    assert priority_set(st2, st2.characters["K"]) == []
    assert odds(st2, Combat(("K",), ("P",))).column == 4
    st3 = make(config={"combat.knight_priority": "off"})
    man(st3, "K", "knight", "red", (0, 0))
    man(st3, "E", "knight", "blue", (1, 0))
    assert priority_set(st3, st3.characters["K"]) == []


def test_TV_40_TV_85_TV_89_surrender() -> None:
    """TV-40, TV-85, TV-89 [CH.RANSOM.2] [CH.RANSOM.3] [CH.RANSOM.4] [CH.PBEM.12] [CH.PBEM.26] [CH.COMBAT.7]
    [CH.RANSOM.7] [CH.PBEM.20]: offer, acceptance die, escort = the attacking knight."""

    def board(cond: Condition = Condition.WOUNDED):  # type: ignore[no-untyped-def]
        st = make(config={"options.ransom": True})
        man(st, "A", "knight", "red", (-1, 0), facing=0)  # front (-1,0), rear (-2,0)
        man(st, "D", "knight", "blue", (0, 0), condition=cond)
        return st

    st = board()
    cb = Combat(("A",), ("D",))
    od = odds(st, cb)
    assert od.column == 8
    resolve_combat(ctx(st, 3), cb, od)
    d = st.characters["D"]
    assert (
        d.ransom is Ransom.PRISONER and d.escort == ("A",) and st.values(d).attack == 10 and st.values(d).defence == 5
    )
    st = board()
    resolve_combat(ctx(st, 6, 6), cb, odds(st, cb))
    assert st.characters["D"].condition is Condition.DEAD  # refused, proceed, 8-1 die 6: E on a wounded man
    st = board()
    st.standing["red"] = {"after-refusal": "withdraw"}
    resolve_combat(ctx(st, 7), cb, odds(st, cb))
    assert st.characters["D"].condition is Condition.WOUNDED and not st.characters["A"].fought_phases
    st = board(Condition.STUNNED)
    resolve_combat(ctx(st, 2), cb, odds(st, cb))
    assert st.characters["D"].ransom is Ransom.PRISONER and st.characters["D"].stunned
    st = board()
    st.standing["blue"] = {"surrender-D": "never"}
    resolve_combat(ctx(st, 6), cb, odds(st, cb))  # no acceptance die: straight to the combat die
    assert st.characters["D"].condition is Condition.DEAD


def test_TV_41_TV_42_TV_43_no_offer() -> None:
    """TV-41, TV-42, TV-43 [CH.RANSOM.2]: 7-1 no offer; on a slope 8-1 offer; a friend adjacent: no offer."""
    from games.cry_havoc.resolve import surrender

    for terrain, friend, want in (
        (None, False, "fight7"),
        (Terrain.SLOPE, False, "offer"),
        (Terrain.SLOPE, True, "fight"),
    ):
        st = make({(0, 0): terrain} if terrain else None, config={"options.ransom": True})
        man(st, "K", "knight", "red", (-1, 0))
        man(st, "M", "man_at_arms", "red", (1, -1))
        man(st, "D", "knight", "blue", (0, 0), condition=Condition.WOUNDED)
        if friend:
            man(st, "F", "peasant", "blue", (0, 1), condition=Condition.STUNNED)
        cb = Combat(("K", "M"), ("D",))
        od = odds(st, cb)
        c = ctx(st, 1)
        got = surrender(c, cb, od)
        if want == "offer":
            assert od.column == 8 and got == "surrendered"
        else:
            assert got == "fight" and c.dice.left == 1  # type: ignore[union-attr]


def test_CH_COMBAT_3_one_attack_per_step() -> None:
    """[CH.COMBAT.3]: an attacker fights once per step; a defender may be attacked again."""
    st = make()
    man(st, "A", "knight", "red", (0, 0))
    man(st, "B", "knight", "red", (1, -1))
    man(st, "D", "peasant", "blue", (1, 0))
    run = Run(ctx(st, 10, 10), [], validate=False)
    fight(run, 1, Combat(("A",), ("D",)))
    fight(run, 2, Combat(("A",), ("D",)))
    fight(run, 3, Combat(("B",), ("D",)))
    assert any("CH.COMBAT.3" in line for line in run.ctx.lines)
    assert run.ctx.dice.left == 0  # type: ignore[union-attr]


def test_TV_81_reach_mode() -> None:
    """TV-81 [CH.COMBAT.13] "reach" mode: E can be reached, so S(K) = {E}; from (1,0) K may attack M (between
    him and E) but not P; he need not attack at all."""
    from games.cry_havoc import orders as O
    from games.cry_havoc.combat import reach_set

    st = make(config={"combat.knight_priority": "reach"})
    man(st, "K", "knight", "red", (0, 0))
    man(st, "E", "knight", "blue", (5, 0))
    man(st, "M", "man_at_arms", "blue", (2, 0))
    man(st, "P", "peasant", "blue", (0, 1))
    assert reach_set(st, st.characters["K"]) == {"E"}
    for target, ok in (("M", True), ("P", False)):
        st2 = st.clone()
        run = Run(ctx(st2), [(1, O.Move("K", path=(H(1, 0),))), (2, O.Attack((target,), ("K",)))], validate=True)
        from games.cry_havoc.phase import run_phase

        run_phase(run)
        assert (not run.problems) == ok, run.problems
    run = Run(ctx(st.clone()), [(1, O.Move("K", path=(H(1, 0),)))], validate=False)
    from games.cry_havoc.phase import run_phase

    run_phase(run)
    assert "K" not in run.attacked  # no duty in reach mode
