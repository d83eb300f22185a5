"""Clauses of games/proconsul/melee.py that mutation testing found unpinned (benchmarks/mutation.py pc:melee): each
test names the rule whose clause it pins and fails when that clause is changed [PC.MELEE.*] [PC.RESULT.*]
[PC.PURSUIT.*]."""

from __future__ import annotations

from typing import Any

from campaign.hexgrid import Hex
from games.proconsul import melee as M
from games.proconsul.model import Melee, Modifier
from games.proconsul.state import Edge, State, Terrain, edge_key

from .helpers import P, ctx, make, spec_hex


def duel(a: dict[str, Any], b: dict[str, Any], *more: dict[str, Any], **kw: Any) -> State:
    """Red A at (0, 0) facing 0 and blue B at (1, 0) facing 3, each in the other's front, unless told otherwise."""
    return make(
        [
            {"id": "A", "side": "red", "at": (0, 0), "facing": 0, **a},
            {"id": "B", "side": "blue", "at": (1, 0), "facing": 3, **b},
            *more,
        ],
        **kw,
    )


def melee(attacker: str = "red", **kw: Any) -> Melee:
    battle = (("red", "A"), ("blue", "B")) if attacker == "red" else (("blue", "B"), ("red", "A"))
    return Melee(1, attacker, battle, **kw)


def dice(st: State, sid: str, m: Melee | None = None, chargers: dict[str, list[Hex]] | None = None, **kw: Any) -> int:
    fresh = M.Fresh(chargers or {})
    return M.stand_dice(st, m or melee(), sid, fresh, M.Movement(), battle=kw.get("battle", True))


# --- stand_dice -----------------------------------------------------------------------------------------------------


def test_PC_MELEE_12_pike_rank_dice_against_foot_and_mounted() -> None:
    """[PC.MELEE.12]: Pk 5/4/4 facing foot: 5 + 1 per extra rank = 7; facing MC that hit it frontally: 5 + 3 x 2 = 11,
    or 5 + 3 x 3 = 14 when the front rank counts (config `mounted_rank_dice = "per_rank"`); MC that did not make the
    frontal contact give no rank dice; nothing with the enemy outside its front."""
    st = duel({"troop": "cat:Pk"}, {"troop": "cat:HI"})
    assert dice(st, "A") == 7
    assert dice(st, "A", melee(mounted_frontal=("A",))) == 7  # against foot the mounted clause plays no part
    st = duel({"troop": "cat:Pk"}, {"troop": "cat:MC"})
    assert dice(st, "A") == 5
    assert dice(st, "A", melee(mounted_frontal=("A",))) == 11
    st = duel({"troop": "cat:Pk"}, {"troop": "cat:MC"}, config={"mounted_rank_dice": "per_rank"})
    assert dice(st, "A", melee(mounted_frontal=("A",))) == 14
    st = duel({"troop": "cat:Pk", "facing": 3}, {"troop": "cat:HI"})
    assert dice(st, "A") == 5
    st = duel({"troop": "cat:LSp", "ranks": (5, 4)}, {"troop": "cat:HI"})
    assert dice(st, "A") == 6


def test_PC_MELEE_13_uphill_compares_both_hexes() -> None:
    """[PC.MELEE.13]: +1 only when the stand's hex is higher than the enemy battle stand's; both on a hilltop: none."""
    st = duel({"troop": "cat:HI"}, {"troop": "cat:HI"})
    st.terrain[P(0, 0)] = Terrain.HILLTOP
    assert dice(st, "A") == 6 and dice(st, "B") == 5
    st.terrain[P(1, 0)] = Terrain.HILLTOP
    assert dice(st, "A") == 5 and dice(st, "B") == 5


def test_PC_TERRAIN_7_mounted_fight_worse_in_woods() -> None:
    """[PC.TERRAIN.7]: a mounted stand in woods throws one die fewer; a foot stand there does not."""
    st = duel({"troop": "cat:MC"}, {"troop": "cat:HI"})
    st.terrain[P(0, 0)] = Terrain.WOODS
    assert dice(st, "A") == 3
    st = duel({"troop": "cat:HI"}, {"troop": "cat:HI"})
    st.terrain[P(0, 0)] = Terrain.WOODS
    assert dice(st, "A") == 5


def test_PC_TERRAIN_7_defender_behind_an_edge_only() -> None:
    """[PC.TERRAIN.7]: the defending battle stand behind a creek or field defence gets +1; the attacker across it
    does not, whichever side attacks."""
    st = duel({"troop": "cat:HI"}, {"troop": "cat:HI"})
    st.edges[edge_key(P(0, 0), P(1, 0))] = Edge.FIELD_DEFENCE
    assert dice(st, "A") == 5 and dice(st, "B") == 6
    blue = melee("blue")
    assert dice(st, "A", blue) == 6 and dice(st, "B", blue) == 5


def test_PC_UNITS_9_melee_modifiers_of_the_scenario() -> None:
    """[PC.UNITS.9]: the scenario's melee factors add to melee dice; its fire factors do not."""
    st = duel({"troop": "cat:HI"}, {"troop": "cat:HI"})
    st.modifiers = [Modifier("melee", 2, side="red"), Modifier("fire", 5)]
    assert dice(st, "A") == 7 and dice(st, "B") == 5


def test_PC_MELEE_9_impact_needs_the_flank_from_behind() -> None:
    """[PC.MELEE.9] (d): cavalry get no impact on pikes hit frontally, even from an approach behind their line; hitting
    their flank from behind their front line they do (MC 4 SP + IF 2 + flank 2)."""
    st = duel({"troop": "cat:MC"}, {"troop": "cat:Pk"})
    assert M.G.from_behind(P(1, 0), 3, [P(1, -1)])
    assert dice(st, "A", chargers={"A": [P(1, -1)]}) == 4  # frontal: no impact, no pike ranks for A
    st = duel({"troop": "cat:MC", "at": (1, 1), "facing": 1}, {"troop": "cat:Pk"})
    assert not M.G.frontal(P(1, 0), 3, P(1, 1))
    assert dice(st, "A", chargers={"A": [P(1, 2), P(1, 1)]}) == 4 + 2 + 2


def test_PC_MELEE_7_supporting_stands_throw_half() -> None:
    """[PC.MELEE.7]: a supporting stand throws half its adjusted dice, rounded up; a battle stand all of them."""
    st = duel({"troop": "cat:HI"}, {"troop": "cat:HI"})
    assert dice(st, "A", battle=False) == 3 and dice(st, "A") == 5


# --- forming a melee ------------------------------------------------------------------------------------------------


def test_PC_MELEE_3_new_melee_record() -> None:
    """[PC.MELEE.3] [PC.MELEE.12] [PC.MELEE.14]: a new melee is recorded under the next id, not ongoing, fought in
    this activation, with the flank chargers and the mounted frontal contact noted."""
    st = duel({"troop": "cat:MC"}, {"troop": "cat:Pk"}, {"id": "C", "side": "red", "troop": "cat:HC", "at": (1, 1),
                                                         "facing": 1})  # fmt: skip
    st.activation, st.next_melee = 7, 4
    c = ctx(st)
    m = M.new_melee(c, "A", "B", {"A": [P(-1, 0)], "C": [P(1, 2)]})
    assert m.id == 4 and st.next_melee == 5 and st.melees[4] is m
    assert m.attacker == "red" and m.battle == (("red", "A"), ("blue", "B"))
    assert m.supporters == ("C",) and m.non_facing == ()
    assert m.ongoing is False and m.fought_in == 7
    assert m.flank_bonus == ("C",) and m.mounted_frontal == ("B",)
    st2 = duel({"troop": "cat:HI"}, {"troop": "cat:Pk"})
    assert M.new_melee(ctx(st2), "A", "B", {"A": [P(-1, 0)]}).mounted_frontal == ()
    st3 = duel({"troop": "cat:MC", "at": (1, 1), "facing": 1}, {"troop": "cat:Pk"})
    assert M.new_melee(ctx(st3), "A", "B", {"A": [P(1, 2)]}).mounted_frontal == ()


def test_PC_MELEE_6_optional_support_asks_about_the_right_enemy() -> None:
    """[PC.MELEE.6] config `support_optional`: each side is asked about its own stand supporting against the enemy
    battle stand (red C against B, blue D against A)."""
    st = duel(
        {"troop": "cat:HI"},
        {"troop": "cat:HI"},
        {"id": "C", "side": "red", "troop": "cat:HI", "at": (0, 1), "facing": 0},
        {"id": "D", "side": "blue", "troop": "cat:HI", "at": (1, -1), "facing": 3},
        config={"support_optional": True},
    )
    st.standing = {"red": {"support": "ask"}, "blue": {"support": "ask"}}
    c = ctx(st)
    m = M.new_melee(c, "A", "B", {"A": [P(-1, 0)]})
    assert m.supporters == ("C", "D")
    assert [k for k, _ in c.dice.decisions] == [f"a{st.activation}-support-C-B", f"a{st.activation}-support-D-A"]
    assert c.log == [
        "red answers yes: C (HI, 2014) may support the melee against B: support it?",
        "blue answers yes: D (HI, 2012) may support the melee against A: support it?",
    ]


def test_PC_MELEE_4_enemies_in_other_melees_are_not_non_facing() -> None:
    """[PC.MELEE.4] (c): an enemy the attacker hits in the flank is a non-facing stand, unless it is already in
    another melee."""
    st = duel({"troop": "cat:HI"}, {"troop": "cat:HI"}, {"id": "E", "side": "blue", "troop": "cat:HI", "at": (1, -1),
                                                         "facing": 2})  # fmt: skip
    assert M.new_melee(ctx(st), "A", "B", {"A": [P(-1, 0)]}).non_facing == ("E",)
    st = duel({"troop": "cat:HI"}, {"troop": "cat:HI"}, {"id": "E", "side": "blue", "troop": "cat:HI", "at": (1, -1),
                                                         "facing": 2})  # fmt: skip
    st.melees[9] = Melee(9, "blue", (("blue", "E"), ("red", "X")), ongoing=True)
    assert M.new_melee(ctx(st), "A", "B", {"A": [P(-1, 0)]}).non_facing == ()


# --- the result -----------------------------------------------------------------------------------------------------


def _t(ml: int) -> M.tables.MoraleResult:
    return M.tables.MoraleResult(3, 3 + ml if ml else 1, ml)


def outcome(st: State, red: tuple[int | None, bool], blue: tuple[int | None, bool], **kw: Any) -> Any:
    results = {side: (None if ml is None else _t(ml), was) for side, (ml, was) in (("red", red), ("blue", blue))}
    return M._outcome(st, melee(**kw), results, M.Fresh())


def test_PC_RESULT_2_ml_decides_and_an_untested_side_has_ml_0() -> None:
    """[PC.RESULT.1] [PC.RESULT.2] [PC.RESULT.3] [PC.MORALE.6]: the greater ML loses; a side without a test has ML 0,
    so a passed test against no hits is a draw; a passed test of a disordered stand still costs 1 SP, no test none."""
    st = duel({"troop": "cat:HI"}, {"troop": "cat:HI"})
    assert outcome(st, (None, False), (0, False)) == (None, {"red": 0, "blue": 0}, True)
    assert outcome(st, (None, True), (0, True)) == (None, {"red": 0, "blue": 1}, True)
    assert outcome(st, (2, False), (1, False)) == ("red", {"red": 2, "blue": 1}, True)


def test_PC_RESULT_7_eliminated_battle_stands() -> None:
    """[PC.RESULT.7]: both gone: no winner, no pursuit; one gone without supporters: it loses, and the other, tested,
    loses at most 1 (at least 1 if it was disordered), untested none, and may pursue; one gone with supporters wins,
    without pursuit, only if the other's ML is strictly greater."""
    st = duel({"troop": "cat:HI", "ranks": (1,)}, {"troop": "cat:HI", "ranks": (1,)})
    assert outcome(st, (1, False), (1, False)) == ("both", {"red": 1, "blue": 1}, False)
    st = duel({"troop": "cat:HI", "ranks": (1,)}, {"troop": "cat:HI"})
    assert outcome(st, (1, False), (0, True)) == ("red", {"red": 1, "blue": 1}, True)
    assert outcome(st, (1, False), (None, True)) == ("red", {"red": 1, "blue": 0}, True)
    st.stands["C"] = st.stands["A"].__class__("C", "red", "red", "cat:HI", P(0, 1), 0, (5,))
    assert outcome(st, (1, False), (3, False), supporters=("C",)) == ("blue", {"red": 1, "blue": 2}, False)
    assert outcome(st, (1, False), (3, True), supporters=("C",)) == ("blue", {"red": 1, "blue": 2}, False)
    assert outcome(st, (1, False), (1, False), supporters=("C",)) == ("red", {"red": 1, "blue": 1}, True)
    assert outcome(st, (2, False), (1, False), supporters=("C",)) == ("red", {"red": 2, "blue": 1}, True)


def test_PC_RESULT_4_frontal_contact_is_no_flank_charge() -> None:
    """[PC.RESULT.4]: HC that hit infantry frontally cap its loss at 2, even with an approach from behind its line."""
    st = duel({"troop": "cat:HC"}, {"troop": "cat:HI"})
    assert M._cap(st, melee(), "blue", M.Fresh({"A": [P(1, -1)]})) == 2
    st = duel({"troop": "cat:HC", "at": (1, 1), "facing": 1}, {"troop": "cat:HI"})
    assert M._cap(st, melee(), "blue", M.Fresh({"A": [P(1, 2), P(1, 1)]})) == 3


# --- a battle stand lost to pre-combat fire -------------------------------------------------------------------------


def _precombat_lost(gone: str) -> State:
    """A v B with supporters C (red, LI) and D (blue, LI) and a red non-facing N (LI); `gone` is destroyed."""
    st = duel(
        {"troop": "cat:HI"},
        {"troop": "cat:HI"},
        {"id": "C", "side": "red", "troop": "cat:LI", "at": (0, 1), "facing": 0},
        {"id": "D", "side": "blue", "troop": "cat:LI", "at": (1, -1), "facing": 3},
        {"id": "N", "side": "red", "troop": "cat:LI", "at": (-1, 1), "facing": 0},
    )
    st.melees[1] = melee(supporters=("C", "D"), non_facing=("N",))
    for sid in gone:
        st.stands[sid] = M.replace(st.stands[sid], removed="destroyed")
    return st


def test_PC_MELEE_19_a_side_whose_battle_stand_falls_to_precombat_fire_loses() -> None:
    """[PC.MELEE.19] step 3 [PC.RESULT.8]: the melee ends; the beaten side's supporting and non-facing stands fall
    back disordered twice their move (LI: 4 hexes) from the enemy battle stand; the other side stays put."""
    st = _precombat_lost("A")
    c = ctx(st)
    M._after_precombat_loss(c, st.melees[1])
    assert st.melees == {}
    for sid in ("C", "N"):
        s = st.stands[sid]
        assert s.disordered and s.hex.distance(P(1, 0)) >= 4, sid
    assert spec_hex(st.stands["C"].hex) == (-4, 5) and spec_hex(st.stands["N"].hex) == (-5, 1)
    assert c.log == ["C retreats 4 hex(es) to 1818", "N retreats 4 hex(es) to 1514"]
    assert st.stands["C"].ranks == (4,) and st.stands["N"].ranks == (4,)
    d = st.stands["D"]
    assert not d.disordered and spec_hex(d.hex) == (1, -1)
    st = _precombat_lost("B")
    M._after_precombat_loss(ctx(st), st.melees[1])
    assert st.stands["D"].disordered and st.stands["D"].hex.distance(P(0, 0)) == 5
    assert not st.stands["C"].disordered and spec_hex(st.stands["C"].hex) == (0, 1)
    st = _precombat_lost("AB")
    M._after_precombat_loss(ctx(st), st.melees[1])
    assert st.melees == {} and not any(st.stands[s].disordered for s in "CDN")


def test_PC_MELEE_19_defensive_fire_kills_the_attacker_before_the_dice() -> None:
    """[PC.MELEE.19] step 3 [PC.FIRE.13] [PC.MELEE.17] (c): Sk in woods stand and fire 2D6 at a 1-SP charger, which
    fails its test and is destroyed: no melee dice, its supporter falls back disordered."""
    st = duel(
        {"troop": "cat:HI", "ranks": (1,)},
        {"troop": "cat:Sk"},
        {"id": "C", "side": "red", "troop": "cat:HI", "at": (0, 1), "facing": 0},
    )
    st.terrain[P(1, 0)] = Terrain.WOODS
    c = ctx(st, 6, 6, 6)
    M.charge_contacts(c, {"A": [P(-1, 0)]}, M.Movement())
    c.dice.assert_used_up()
    assert not st.stands["A"].on_board and st.melees == {}
    assert st.stands["C"].disordered and st.stands["C"].hex.distance(P(1, 0)) == 3
    assert "melee 1: A (HI, 1913) attacks B (Sk, 2013)" in c.log


# --- pursuit --------------------------------------------------------------------------------------------------------


def _dead_loser(troop: str, at: tuple[int, int] = (0, 0), facing: int = 0, lost: tuple[int, int] = (1, 0)) -> State:
    st = duel({"troop": troop, "at": at, "facing": facing}, {"troop": "cat:HI", "at": lost, "removed": "destroyed"})
    return st


def test_PC_PURSUIT_6_through_a_destroyed_losers_hex_then_straight_ahead() -> None:
    """[PC.PURSUIT.4] [PC.PURSUIT.6] [PC.CMD.5]: a WB rolling 4 goes 2 hexes: into the loser's hex (in a friend's
    front: no stop), then straight ahead; a war chariot rolling 6 goes 3; the general attached to the pursuer goes with it."""
    st = _dead_loser("gauls:warband")
    st.generals["Gred"] = M.replace(st.generals["Gred"], attached="A", hex=P(0, 0))
    st.stands["F"] = M.replace(st.stands["A"], id="F", hex=P(0, 1), troop="cat:HI")  # a friend's front is no stop
    c = ctx(st, 4)
    M.pursue(c, "A", "B", P(1, 0), [])
    assert c.dice.purposes == ["pursuit: A after B"]
    assert spec_hex(st.stands["A"].hex) == (2, 0) and st.generals["Gred"].hex == P(2, 0)
    assert st.stands["A"].facing == 0
    assert c.log == ["A rolls 4 to pursue: 2 hex(es)"]
    st = _dead_loser("cat:Ch")
    M.pursue(ctx(st, 6), "A", "B", P(1, 0), [])
    assert spec_hex(st.stands["A"].hex) == (3, -1) and st.generals["Gred"].hex == P(-9, 0)


def test_PC_PURSUIT_7_off_the_board_costs_no_bp() -> None:
    """[PC.PURSUIT.7] (h): a pursuer that leaves the board is removed, its BP not lost."""
    st = _dead_loser("gauls:warband", at=(-17, 0), facing=3, lost=(-18, 0))
    c = ctx(st, 4)
    M.pursue(c, "A", "B", P(-18, 0), [])
    assert st.stands["A"].removed == "pursued off the board [PC.PURSUIT.7]"
    assert st.army["red"].lost == 0


def test_PC_PURSUIT_7_stops_before_an_occupied_hex() -> None:
    """[PC.PURSUIT.6] [PC.PURSUIT.7] (f): the pursuer follows the loser's retreat hexes and stops before a friend."""
    st = duel({"troop": "gauls:warband"}, {"troop": "cat:HI", "at": (5, 0)},
              {"id": "F", "side": "red", "troop": "cat:HI", "at": (2, -1)})  # fmt: skip
    c = ctx(st, 4)
    M.pursue(c, "A", "B", P(1, 0), [P(2, 0), P(2, -1)])
    assert c.log == ["A rolls 4 to pursue: 2 hex(es)"] and spec_hex(st.stands["A"].hex) == (2, 0)
    st.stands["A"] = M.replace(st.stands["A"], hex=P(0, 0))
    st.stands["F"] = M.replace(st.stands["F"], hex=P(2, 0))
    c = ctx(st, 4)
    M.pursue(c, "A", "B", P(1, 0), [P(2, 0), P(2, -1)])
    assert c.log == ["A rolls 4 to pursue: 2 hex(es)", "A stops: the hex is occupied [PC.PURSUIT.7]"]
    assert spec_hex(st.stands["A"].hex) == (1, 0)


def test_PC_PURSUIT_7_contact_stops_it_even_outside_the_enemys_zoc() -> None:
    """[PC.PURSUIT.7] (b): running into an enemy's rear stops the pursuit there; an enemy already in a melee is not
    fought again; a friend's front is no stop."""
    st = _dead_loser("gauls:warband")
    st.stands["E"] = M.replace(st.stands["B"], id="E", hex=P(2, -1), facing=0, removed="")
    st.stands["X"] = M.replace(st.stands["B"], id="X", side="red", hex=P(3, -2), facing=3, removed="")
    st.stands["F"] = M.replace(st.stands["B"], id="F", side="red", hex=P(0, 1), facing=0, removed="")
    st.melees[5] = Melee(5, "red", (("red", "X"), ("blue", "E")), ongoing=True)
    c = ctx(st, 4)
    M.pursue(c, "A", "B", P(1, 0), [])
    c.dice.assert_used_up()
    assert spec_hex(st.stands["A"].hex) == (1, 0) and list(st.melees) == [5]


def test_PC_PURSUIT_7_why_a_step_is_refused() -> None:
    """[PC.PURSUIT.7] (d)-(f): off the board is no refusal (the pursuer leaves); an occupied hex, impassable terrain,
    an enemy ZOC with the enemy on the flank, and for infantry a front hex on cavalry, an elephant or a chariot."""
    st = duel({"troop": "cat:HI"}, {"troop": "cat:HI", "at": (3, 0), "facing": 2})
    assert M._pursuit_blocked(st, "A", P(-19, 0)) == ""
    assert M._pursuit_blocked(st, "A", P(1, 0)) == ""
    assert M._pursuit_blocked(st, "A", P(3, 0)) == "the hex is occupied [PC.PURSUIT.7]"
    st.terrain[P(1, 0)] = Terrain.IMPASSABLE
    assert M._pursuit_blocked(st, "A", P(1, 0)) == "impassable terrain [PC.PURSUIT.7]"
    assert M._pursuit_blocked(st, "A", P(3, -1)) == (
        "it would stand in B's zone of control with B on its flank or rear [PC.ZOC.3] [PC.PURSUIT.7]"
    )
    why = "infantry will not pursue into contact with mounted troops [PC.PURSUIT.7]"
    for troop, refused in (("cat:LC", True), ("cat:El", True), ("cat:LCh", True), ("cat:Ch", True), ("cat:HI", False)):
        st = duel({"troop": "cat:HI"}, {"troop": troop, "at": (3, -1), "facing": 0})
        assert M._pursuit_blocked(st, "A", P(2, -1)) == (why if refused else ""), troop
        st.stands["B"] = M.replace(st.stands["B"], side="red")
        assert M._pursuit_blocked(st, "A", P(2, -1)) == "", troop
        st.stands["B"] = M.replace(st.stands["B"], side="blue")
        st.stands["A"] = M.replace(st.stands["A"], troop="cat:HC")
        assert M._pursuit_blocked(st, "A", P(2, -1)) == "", troop


def test_PC_PURSUIT_2_who_will_not_pursue() -> None:
    """[PC.PURSUIT.2] (a) [PC.PURSUIT.12]: infantry will not pursue cavalry, elephants or chariots; cavalry pursue
    cavalry; [PC.PURSUIT.3]: a stand whose current IF is 0 does not pursue, one with IF 1 after losses may."""
    for loser in ("cat:LC", "cat:El", "cat:LCh", "cat:Ch"):
        st = duel({"troop": "gauls:warband"}, {"troop": loser})
        c = ctx(st)
        assert not M.may_pursue(c, "A", "B", P(1, 0)) and c.log == ["A will not pursue mounted troops [PC.PURSUIT.2]"]
    st = duel({"troop": "cat:HC"}, {"troop": "cat:MC"})
    assert M.may_pursue(ctx(st), "A", "B", P(1, 0))
    st = duel({"troop": "cat:HI", "front_loss": 1}, {"troop": "cat:HI"})
    st.standing = {"red": {"pursue": "yes"}}
    assert M.may_pursue(ctx(st), "A", "B", P(1, 0))
    st = duel({"troop": "cat:HC", "front_loss": 1}, {"troop": "cat:HI"}, dull=M.replace(make([]).troops["cat:HC"],
                                                                                           impact_after_loss=0))
    st.stands["A"] = M.replace(st.stands["A"], troop="dull")
    st.standing = {"red": {"pursue": "yes"}}
    assert not M.may_pursue(ctx(st), "A", "B", P(1, 0))


def test_PC_PURSUIT_3_optional_pursuit_is_asked() -> None:
    """[PC.PURSUIT.3] [PC.PBEM.6] decision 26: with standing order `pursue ask` the side is asked, by name."""
    st = duel({"troop": "cat:HC"}, {"troop": "cat:HI"})
    st.standing = {"red": {"pursue": "ask"}}
    c = ctx(st)
    c.dice.answers[f"a{st.activation}-pursue-A-B"] = "no"  # type: ignore[attr-defined]
    assert not M.may_pursue(c, "A", "B", P(1, 0))
    assert c.log == ["red answers no: A has beaten B: roll to pursue?"]


def test_PC_RESULT_12_a_winner_in_contact_with_an_ongoing_melee_joins_it() -> None:
    """[PC.RESULT.12] [PC.RESULT.11] (b) [PC.RESULT.13]: a winner with the enemy battle stand of an ongoing melee in
    its front joins that melee as a supporter, which is fought at once (5 + 3 dice against 5), instead of pursuing."""
    st = duel(
        {"troop": "cat:HC"},
        {"troop": "cat:HI", "at": (3, 0)},
        {"id": "E", "side": "blue", "troop": "cat:HI", "at": (1, -1), "facing": 4},
        {"id": "X", "side": "red", "troop": "cat:HI", "at": (1, -2), "facing": 1},
    )
    st.melees[5] = Melee(5, "blue", (("blue", "E"), ("red", "X")), ongoing=True)
    c = ctx(st, *[1] * 13)
    assert not M.may_pursue(c, "A", "B", P(1, 0))
    c.dice.assert_used_up()
    assert c.log[0] == "A joins the ongoing melee of E instead of pursuing [PC.RESULT.12]"
    assert "5d6" in c.dice.purposes[0] and "8d6" in c.dice.purposes[5]
    assert st.melees[5].supporters == ("A",) and st.melees[5].ongoing


# --- pila and pre-combat fire ---------------------------------------------------------------------------------------


def _legions() -> State:
    """Red legion A (supported by legion S) charges blue legion B (disordered), supported by legions L1 and L2."""
    return duel(
        {"troop": "romans:legion"},
        {"troop": "romans:legion", "disordered": True},
        {"id": "L1", "side": "blue", "troop": "romans:legion", "at": (1, -1), "facing": 3},
        {"id": "L2", "side": "blue", "troop": "romans:legion", "at": (0, 1), "facing": 2},
        {"id": "S", "side": "red", "troop": "romans:legion", "at": (1, 1), "facing": 1},
    )


def test_PC_FIRE_12_supporters_pila_go_together_battle_stands_alone() -> None:
    """[PC.FIRE.11] [PC.FIRE.12] [PC.FIRE.18]: the defending side first: B 3D6, one fewer disordered, then L1 and L2's
    pila together (2D6, capped at 1 SP: A fails by 2 and loses 1); then the attacker A 1D6 (it has lost SP), and its
    supporter S 1D6 on its own."""
    st = _legions()
    c = ctx(st, 1, 1, 6, 6, 6, 1, 1, *[1] * 30)
    M.charge_contacts(c, {"A": [P(-1, 0)]}, M.Movement())
    pila = [p.split(" (die")[0] for p in c.dice.purposes if p.startswith("pilum")]
    assert pila == [
        "pilum: B at A, 2d6", "pilum: B at A, 2d6", "pilum: L1+L2 at A, 2d6", "pilum: L1+L2 at A, 2d6",
        "pilum: A at B, 1d6", "pilum: S at B, 1d6",
    ]  # fmt: skip
    assert "A (Legionaries, 1913) loses 1 SP (pilum by L1+L2); now 5" in c.log


def test_PC_FIRE_11_a_battle_stands_pilum_is_capped_at_1() -> None:
    """[PC.FIRE.11] [PC.FIRE.9]: the attacking legion's 1D6 pilum hits; the HI fails by 2 but loses 1 SP only."""
    st = duel({"troop": "romans:legion"}, {"troop": "cat:HI"})
    c = ctx(st, 6, 6, *[1] * 11)
    M.charge_contacts(c, {"A": [P(-1, 0)]}, M.Movement())
    assert st.stands["B"].ranks == (4,)
    assert c.dice.purposes[0] == "pilum: A at B, 1d6 (die 1 of 1)"


def _screen() -> State:
    """Red HI A charges blue Sk B (in woods, disordered); blue supporters H (HI), K (bow), W (Sk in woods) and Z (Sk in
    the open, disordered); red bow C supports A."""
    st = duel(
        {"troop": "cat:HI"},
        {"troop": "cat:Sk", "disordered": True},
        {"id": "C", "side": "red", "troop": "cat:Sh", "at": (2, 0), "facing": 3},
        {"id": "H", "side": "blue", "troop": "cat:HI", "at": (0, -1), "facing": 5},
        {"id": "K", "side": "blue", "troop": "cat:Sh", "at": (1, -1), "facing": 3},
        {"id": "W", "side": "blue", "troop": "cat:Sk", "at": (-1, 1), "facing": 0},
        {"id": "Z", "side": "blue", "troop": "cat:Sk", "at": (0, 1), "facing": 2, "disordered": True},
    )
    st.terrain[P(1, 0)] = Terrain.WOODS
    st.terrain[P(-1, 1)] = Terrain.WOODS
    return st


def test_PC_FIRE_15_supporting_fire_of_the_charged_side() -> None:
    """[PC.FIRE.14] [PC.FIRE.15] [PC.FIRE.18] [PC.MELEE.17] (e): B's defensive fire (1D6, disordered), then the charged
    side's supporters in id order: H (HI) has no fire and says nothing, K's bow 2D6 (two hits: A fails by 3 and
    loses 1 SP), W (Sk in woods) 2D6 and stays, Z (Sk in the open, disordered) 1D6 and is destroyed; the attacker's
    bow C does not fire."""
    st = _screen()
    c = ctx(st, 1, 6, 6, 6, 1, 1, 1, *[1] * 20)
    M.charge_contacts(c, {"A": [P(-1, 0)]}, M.Movement())
    fire = [line for line in c.log if " fire at " in line or "removed" in line]
    assert fire == [
        "B defensive fire at A: 1D6 [1] = 0 hit(s)",
        "K supporting fire at A: 2D6 [6, 6] = 2 hit(s)",
        "W supporting fire at A: 2D6 [1, 1] = 0 hit(s)",
        "Z supporting fire at A: 1D6 [1] = 0 hit(s)",
        "Z is removed: skirmishers supporting in the open fire, then are destroyed [PC.MELEE.17] (e)",
    ]
    assert st.stands["A"].ranks == (4,) and st.stands["W"].on_board
    assert not any("no dice" in line for line in c.log)


def test_PC_FIRE_18_only_newly_joined_stands_fire() -> None:
    """[PC.RESULT.13] [PC.FIRE.18]: in a fight where only A is new, the supporters that were already there do not
    fire again."""
    st = _screen()
    m = Melee(1, "red", (("red", "A"), ("blue", "B")), supporters=("C", "H", "K", "W", "Z"))
    st.melees[1] = m
    c = ctx(st, *[1] * 40)
    M.fight(c, m, M.Fresh({"A": [P(-1, 0)]}, joined={"A"}), M.Movement())
    assert not any(" fire at " in line for line in c.log)


def test_PC_FIRE_15_bows_supporting_a_support_stand_hold_fire_at_horse() -> None:
    """[PC.FIRE.15] [PC.FIRE.13] (d): a bow in the open supporting a support stand does not fire at charging HC."""
    st = _screen()
    st.stands["A"] = M.replace(st.stands["A"], troop="cat:HC")
    st.stands["B"] = M.replace(st.stands["B"], troop="cat:Sh")
    for sid in "HWZ":
        del st.stands[sid]
    c = ctx(st, *[1] * 40)
    M.charge_contacts(c, {"A": [P(-1, 0)]}, M.Movement())
    assert not any(line.startswith("K ") for line in c.log)


# --- skirmishers hit by formed troops -------------------------------------------------------------------------------


def test_PC_MELEE_17_skirmishers_caught_in_the_open() -> None:
    """[PC.MELEE.17] (b) (d) (f): HI H hits Sk S1 frontally in the open: S1 fires first (1D6, disordered; H fails by 2
    and loses 1 SP) and is destroyed; S2, hit in the rear, is destroyed without firing; an LC (not a combat stand) E
    destroys nothing; an elephant hitting a Sk frontally leaves it to fight, one in its rear is destroyed; a Sk already
    in a melee is left alone."""
    st = make(
        [
            {"id": "E", "side": "red", "troop": "cat:LC", "at": (0, 3), "facing": 0},
            {"id": "H", "side": "red", "troop": "cat:HI", "at": (0, 0), "facing": 0},
            {"id": "S1", "side": "blue", "troop": "cat:Sk", "at": (1, 0), "facing": 3, "disordered": True},
            {"id": "S2", "side": "blue", "troop": "cat:Sk", "at": (1, -1), "facing": 0},
            {"id": "S3", "side": "blue", "troop": "cat:Sk", "at": (1, 2), "facing": 0},
        ]
    )
    c = ctx(st, 6, 6)
    mv = M.Movement()
    M.skirmishers_hit(c, {"E": [P(-1, 3)], "H": [P(-1, 0)]}, mv)
    c.dice.assert_used_up()
    assert st.stands["H"].ranks == (4,) and mv.fired == {"S1"}
    assert st.stands["S1"].removed == st.stands["S2"].removed == "skirmishers caught by formed troops [PC.MELEE.17]"
    assert st.stands["S3"].on_board
    st = make(
        [
            {"id": "L", "side": "red", "troop": "cat:El", "at": (0, 0), "facing": 0},
            {"id": "S1", "side": "blue", "troop": "cat:Sk", "at": (1, 0), "facing": 3},
            {"id": "S2", "side": "blue", "troop": "cat:Sk", "at": (1, -1), "facing": 0},
        ]
    )
    M.skirmishers_hit(ctx(st), {"L": [P(-1, 0)]}, M.Movement())
    assert st.stands["S1"].on_board and not st.stands["S2"].on_board
    st = make(
        [
            {"id": "H", "side": "red", "troop": "cat:HI", "at": (0, 0), "facing": 0},
            {"id": "S1", "side": "blue", "troop": "cat:Sk", "at": (1, 0), "facing": 3},
            {"id": "S2", "side": "blue", "troop": "cat:Sk", "at": (1, -1), "facing": 0},
        ]
    )
    st.melees[3] = Melee(3, "red", (("red", "X"), ("blue", "S1")))
    M.skirmishers_hit(ctx(st), {"H": [P(-1, 0)]}, M.Movement(fired={"S1"}))
    assert st.stands["S1"].on_board and not st.stands["S2"].on_board
    del st.melees[3]
    st.stands["S2"] = M.replace(st.stands["S2"], removed="")
    c = ctx(st)
    M.skirmishers_hit(c, {"H": [P(-1, 0)]}, M.Movement(fired={"S1"}))
    assert not st.stands["S1"].on_board and c.dice.purposes == []
