"""More rules, each checked on a small board: wall hexsides, phase-long actions, placements, animals as
targets, several men retreating, leaving the map, prisoners and escorts, terrain in combat and fire."""

from __future__ import annotations

import pytest

from campaign.hexgrid import MapEdge
from games.cry_havoc import orders as O
from games.cry_havoc.combat import Combat, odds
from games.cry_havoc.effects import Ctx, animal_retreat, placement_hexes
from games.cry_havoc.fire import aim
from games.cry_havoc.geometry import Body
from games.cry_havoc.model import Animal, AnimalKind, Condition, Injury, Ransom, injure
from games.cry_havoc.movement import Illegal, plan_foot
from games.cry_havoc.phase import Run, escort_valid, run_phase
from games.cry_havoc.resolve import resolve_combat, resolve_shot, surrender
from games.cry_havoc.state import Step
from games.cry_havoc.tables import Cover, Table, Terrain, lookup

from .helpers import H, ctx, horse, make, man, set_


def die_for(table: Table, k: int, letter: str) -> int:
    return next(d for d in range(1, 11) if lookup(table, k, d) == letter)


def test_CH_TERRAIN_12_CH_COMBAT_14_wall_hexsides() -> None:
    """[CH.TERRAIN.12] [CH.COMBAT.14]: a wall on a hexside bars movement, fire and combat across it."""
    st = make()
    st.board.wall_sides = frozenset({frozenset((H(0, 0), H(1, 0)))})
    a = man(st, "A", "man_at_arms", "red", (0, 0))
    man(st, "D", "peasant", "blue", (1, 0))
    with pytest.raises(Illegal) as e:
        odds(st, Combat(("A",), ("D",)))
    assert e.value.code == "CH.COMBAT.4"
    st.characters.pop("D")
    with pytest.raises(Illegal):
        plan_foot(st, a, [H(1, 0)], frozenset())
    x = man(st, "X", "crossbowman", "red", (0, 1))
    t = man(st, "T", "peasant", "blue", (3, 0))
    assert aim(st, x, Step.CROSSBOW, t).range == 3
    st.characters.pop("A")
    set_(st, "X", body=Body(H(0, 0)))
    t2 = man(st, "T2", "peasant", "blue", (2, 0))
    with pytest.raises(Illegal) as e:
        aim(st, st.characters["X"], Step.CROSSBOW, t2)
    assert e.value.code == "CH.TERRAIN.12"


def test_CH_SEQ_8_mount_takes_the_phase() -> None:
    """[CH.SEQ.8] [CH.HORSE.5] [CH.HORSE.6] [CH.TURN.5]: a declared mount bars moving and takes effect after combat."""
    st = make()
    horse(st, "H", (1, 0), 0)
    man(st, "K", "knight", "red", (0, 1))
    run = Run(ctx(st), [(1, O.Declare("K", "mount", horse="H")), (2, O.Move("K", to=H(0, 3)))], validate=True)
    run_phase(run)
    assert [e.code for _, e in run.problems] == ["CH.SEQ.8"]
    k = st.characters["K"]
    assert k.mounted and k.body == Body(H(1, 0), 0) and "H" not in st.animals and not k.action


def test_CH_HORSE_7_dismount_and_CH_PBEM_18_placement() -> None:
    """[CH.HORSE.7] [CH.PBEM.18]: a voluntary dismount puts him on the first free hex; the horse stays riderless."""
    st = make()
    man(st, "K", "knight", "red", (0, 0), facing=0)
    run_phase(Run(ctx(st), [(1, O.Declare("K", "dismount"))], validate=False))
    k = st.characters["K"]
    horses = [a for a in st.animals.values() if a.alive]
    assert not k.mounted and k.body and k.body.facing is None and len(horses) == 1
    assert k.hex == min(Body(H(0, 0), 0).adjacent())


def test_CH_HORSE_9_no_free_hex_next_to_the_horse() -> None:
    """[CH.HORSE.9] [CH.STACK.6]: with every neighbour taken, the nearest free hex is used."""
    st = make()
    body = Body(H(0, 0), 0)
    for i, h in enumerate(sorted(body.adjacent())):
        man(st, f"F{i}", "peasant", "red", (h.q - H(0, 0).q, h.r - H(0, 0).r))
    spots = placement_hexes(st, body, None)
    assert spots and all(body.distance(h) == 2 for h in spots)


def test_CH_HORSE_14_CH_MRT_6_shooting_a_riderless_horse() -> None:
    """[CH.HORSE.14] [CH.MRT.6] [CH.HORSE.11] [CH.RETREAT.9]: the mounted table without rider effects:
    B kills, C does nothing, A makes it retreat 4 (if it can)."""
    for letter, alive, moved in (("B", False, False), ("C", True, False), ("A", True, True)):
        st = make()
        x = man(st, "X", "crossbowman", "red", (-10, 0))
        horse(st, "H", (0, 0), 0)
        shot = aim(st, x, Step.CROSSBOW, st.animals["H"])
        assert shot.table is Table.MRT_MOUNTED and shot.defence == 6
        resolve_shot(ctx(st, die_for(shot.table, shot.column, letter)), shot)
        h = st.animals["H"]
        assert h.alive == alive and (h.body.front != H(0, 0)) == moved, letter
    st = make()
    a = horse(st, "H", (0, 0), 0)
    for i, h in enumerate(sorted(a.body.adjacent())):
        man(st, f"F{i}", "peasant", "red", (h.q - H(0, 0).q, h.r - H(0, 0).r))
    animal_retreat(Ctx(st, None), a, 4, (H(-10, 0),))
    assert st.animals["H"].body == a.body


def test_CH_MULE_6_CH_CRT_7_attacking_a_mule() -> None:
    """[CH.MULE.6] [CH.CRT.7] [CH.MULE.1] [CH.MULE.2] [CH.MULE.8]: a one-hex mule, attacked on the mounted CRT."""
    st = make()
    st.animals["M"] = Animal("M", AnimalKind.MULE, "blue", Body(H(1, 0)))
    man(st, "A", "man_at_arms", "red", (0, 0))
    cb = Combat(("A",), ("M",))
    od = odds(st, cb)
    assert od.table is Table.CRT_MOUNTED and od.defence == 4
    resolve_combat(ctx(st, die_for(od.table, od.column, "D")), cb, od)
    assert not st.animals["M"].alive
    st.animals["N"] = Animal("N", AnimalKind.MULE, "red", Body(H(0, 1)))
    with pytest.raises(Illegal):
        odds(st, Combat(("A",), ("N",)))


def test_CH_RETREAT_7_CH_PBEM_15_several_defenders_retreat() -> None:
    """[CH.RETREAT.7] [CH.PBEM.15] [CH.CRT.5]: result C against two defenders: both fall back, in id order."""
    st = make()
    man(st, "K", "knight", "red", (0, 0), facing=0)
    man(st, "D1", "peasant", "blue", (1, 0))
    man(st, "D2", "peasant", "blue", (-1, 1))
    cb = Combat(("K",), ("D1", "D2"))
    od = odds(st, cb)
    resolve_combat(ctx(st, die_for(od.table, od.column, "C")), cb, od)
    assert st.characters["D1"].hex != H(1, 0) and st.characters["D2"].hex != H(-1, 1)


def test_CH_COMBAT_9_mounted_attacker_wounded() -> None:
    """[CH.COMBAT.9] [CH.CRT.6]: "attacker wounded" leaves a horseman mounted; a second wound kills and unhorses him."""
    for cond, dead in ((Condition.UNWOUNDED, False), (Condition.WOUNDED, True)):
        st = make()
        man(st, "K", "knight", "red", (0, 0), facing=0, condition=cond)
        man(st, "D", "knight", "blue", (1, 0))
        cb = Combat(("K",), ("D",))
        od = odds(st, cb)
        resolve_combat(ctx(st, die_for(od.table, od.column, "A")), cb, od)
        k = st.characters["K"]
        assert (k.condition is Condition.DEAD) == dead and k.mounted == (not dead)
        assert k.fought_phases == (0,) and st.characters["D"].attacked_by == ("K",)  # [CH.COMBAT.12]


def test_CH_COMBAT_11_no_advance() -> None:
    """[CH.COMBAT.11]: the attacker stays where he is when the defender is killed."""
    st = make()
    man(st, "A", "knight", "red", (0, 0))
    man(st, "D", "peasant", "blue", (1, 0))
    cb = Combat(("A",), ("D",))
    od = odds(st, cb)
    resolve_combat(ctx(st, die_for(od.table, od.column, "F")), cb, od)
    assert st.characters["D"].condition is Condition.DEAD and st.characters["A"].hex == H(0, 0)


def test_CH_COVER_12_CH_TERRAIN_3_4_cover_and_advantage_apart() -> None:
    """[CH.COVER.12] [CH.TERRAIN.3] [CH.TERRAIN.4] [CH.TERRAIN.7]: scrub gives cover to a shot and a
    disadvantage in combat; trees give an advantage (configurable)."""
    st = make({(1, 0): Terrain.SCRUB, (0, 3): Terrain.TREE})
    man(st, "A", "knight", "red", (0, 0))
    man(st, "D", "man_at_arms", "blue", (1, 0))
    x = man(st, "X", "crossbowman", "red", (1, -5))
    assert odds(st, Combat(("A",), ("D",))).shift == +1
    assert aim(st, x, Step.CROSSBOW, st.characters["D"]).cover is Cover.LIGHT
    man(st, "T", "man_at_arms", "blue", (0, 3))
    man(st, "B", "knight", "red", (0, 2))
    assert odds(st, Combat(("B",), ("T",))).shift == -1
    st2 = make({(0, 3): Terrain.TREE}, config={"terrain.tree_class": "-"})
    man(st2, "T", "man_at_arms", "blue", (0, 3))
    man(st2, "B", "knight", "red", (0, 2))
    assert odds(st2, Combat(("B",), ("T",))).shift == +1


def test_CH_MOVE_12_CH_STATE_8_leaving_the_map() -> None:
    """[CH.MOVE.12] [CH.STATE.8]: a man leaves only by an exit edge of his side, with 1 MP to spare."""
    from .helpers import SPEC

    edge = SPEC.to_hex(41, 21)
    rel = (edge.q - H(0, 0).q, edge.r - H(0, 0).r)
    st = make()
    man(st, "M", "man_at_arms", "red", rel)
    run = Run(ctx(st), [(1, O.Leave("M"))], validate=True)
    run_phase(run)
    assert [e.code for _, e in run.problems] == ["CH.MOVE.12"]
    st.exits["red"] = (MapEdge.RIGHT,)
    run_phase(Run(ctx(st), [(1, O.Leave("M"))], validate=False))
    assert st.characters["M"].body is None and st.exited == {"red": ["M"]}


def test_CH_RANSOM_escort_escape_and_ransom() -> None:
    """[CH.RANSOM.6] [CH.RANSOM.8] [CH.RANSOM.9] [CH.RANSOM.10] [CH.RANSOM.12] [CH.RANSOM.13] [CH.STACK.5]:
    a prisoner needs a valid escort to be led off; he escapes when it is broken; an escaped knight never
    surrenders again but may be attacked [CH.RANSOM.11] [CH.PBEM.22]; prisoners are neither friend nor foe;
    no escape unless ordered [CH.PBEM.21]."""
    from .helpers import SPEC

    st = make(config={"options.ransom": True})
    man(st, "K", "knight", "red", (0, 0))
    man(st, "P", "knight", "blue", (1, 0), ransom=Ransom.PRISONER, captor="red", escort=("K",))
    assert escort_valid(st, "P")
    assert st.enemies_adjacent([H(0, 0)], "red") == []
    set_(st, "P", escort=("M1",))
    man(st, "M1", "man_at_arms", "red", (1, -1))
    assert not escort_valid(st, "P")
    man(st, "M2", "man_at_arms", "red", (2, -1))
    set_(st, "P", escort=("M1", "M2"))
    assert escort_valid(st, "P")
    set_(st, "M2", condition=Condition.STUNNED)
    st.phasing = 1
    run_phase(Run(ctx(st), [], validate=False))
    assert st.characters["P"].ransom is Ransom.PRISONER
    run_phase(Run(ctx(st), [(1, O.Escape("P"))], validate=False))
    p = st.characters["P"]
    assert p.ransom is Ransom.ESCAPED and not p.quarter and st.values(p).attack == 10
    st.phasing = 0
    cb = Combat(("K",), ("P",))
    assert surrender(ctx(st), cb, odds(st, cb)) == "fight"
    edge = SPEC.to_hex(41, 21)
    rel = (edge.q - H(0, 0).q, edge.r - H(0, 0).r)
    st2 = make(config={"options.ransom": True})
    st2.friendly_edges["red"] = (MapEdge.RIGHT,)
    man(st2, "P", "knight", "blue", rel, ransom=Ransom.PRISONER, captor="red", escort=("K",))
    man(st2, "K", "knight", "red", (rel[0] - 1, rel[1]))
    run_phase(Run(ctx(st2), [(1, O.Leave("P"))], validate=False))
    assert st2.characters["P"].ransom is Ransom.RANSOMED and st2.ransomed == {"red": ["P"]}


def test_CH_RANSOM_5_mounted_knight_surrenders() -> None:
    """[CH.RANSOM.5] [CH.RANSOM.1] [CH.RANSOM.4]: a knight who surrenders mounted is put on foot; the horse stays."""
    st = make(config={"options.ransom": True})
    man(st, "B", "knight", "red", (1, -1), facing=1)
    man(st, "D", "knight", "blue", (0, 0), facing=0)  # front (0,0), rear (-1,0)
    man(st, "A", "knight", "red", (1, 0), facing=0)
    man(st, "C", "knight", "red", (-1, 1))
    cb = Combat(("A", "B", "C"), ("D",))
    od = odds(st, cb)
    assert od.column >= 8
    resolve_combat(ctx(st, 2), cb, od)
    d = st.characters["D"]
    assert d.ransom is Ransom.PRISONER and not d.mounted and any(a.alive for a in st.animals.values())


def test_CH_MOVE_11_who_cannot_move() -> None:
    """[CH.MOVE.11] [CH.STATE.4] [CH.RANSOM.8]: stunned men, and prisoners ordered by their own side, do not move."""
    st = make()
    man(st, "S", "man_at_arms", "red", (0, 0), condition=Condition.STUNNED)
    man(st, "P", "knight", "red", (3, 0), ransom=Ransom.PRISONER, captor="blue")
    run = Run(ctx(st), [(1, O.Move("S", to=H(0, 2))), (2, O.Move("P", to=H(3, 2)))], validate=True)
    run_phase(run)
    assert [e.code for _, e in run.problems] == ["CH.STATE.4", "CH.RANSOM.8"]


def test_CH_SEQ_5_CH_SEQ_12_shortbow_twice() -> None:
    """[CH.SEQ.5] [CH.SEQ.12] [CH.SEQ.2] [CH.MISSILE.5]: a shortbowman fires in step 1 and again in step 4,
    one die per shot; a crossbow never in step 4."""
    st = make()
    man(st, "S", "shortbowman", "red", (0, 0))
    man(st, "X", "crossbowman", "red", (0, 2))
    man(st, "T", "knight", "blue", (6, 0))
    c = ctx(st, 10, 10)
    run = Run(
        c,
        [(1, O.Fire("S", "T")), (2, O.Fire("S", "T", second=True)), (3, O.Fire("X", "T", second=True))],
        validate=False,
    )
    run_phase(run)
    assert sum(1 for line in c.lines if line.startswith("S fires")) == 2
    assert any("CH.SEQ.3" in line for line in c.lines)
    assert c.dice.left == 0  # type: ignore[union-attr]


def test_CH_COMMAND_6_CH_SEQ_11_checked_at_movement() -> None:
    """[CH.COMMAND.6] [CH.SEQ.11] [CH.COMMAND.1]: with the option, command is worked out at the start of step 3."""
    st = make(config={"options.command_control": True})
    man(st, "K", "knight", "red", (0, 0))
    man(st, "A", "man_at_arms", "red", (9, 0))
    man(st, "E", "man_at_arms", "blue", (12, 0))
    c = ctx(st)
    run = Run(c, [(1, O.Move("A", to=H(11, 0)))], validate=True)
    run_phase(run)
    assert any("out of command: A" in line for line in c.lines)
    assert [e.code for _, e in run.problems] == ["CH.MOVE.2"]  # next to E: not reachable for him


def test_CH_STATE_1_conditions() -> None:
    """[CH.STATE.1] [CH.STATE.2]: three conditions and death, by the injury table."""
    assert [injure(Condition.UNWOUNDED, i).value for i in Injury] == ["stunned", "wounded", "dead"]
    assert {injure(c, i) for c in (Condition.WOUNDED, Condition.STUNNED) for i in Injury} == {Condition.DEAD}


def test_CH_MOVE_10_no_zones_of_control() -> None:
    """[CH.MOVE.10]: walking past enemies costs nothing extra."""
    st = make()
    c = man(st, "M", "man_at_arms", "red", (0, 0))
    man(st, "E1", "man_at_arms", "blue", (1, -1))
    man(st, "E2", "man_at_arms", "blue", (1, 1))
    assert plan_foot(st, c, [H(1, 0), H(2, 0), H(3, 0)], frozenset()).mp == 3


def test_CH_GEOM_7_open_building_refused() -> None:
    """[CH.GEOM.7] [CH.GEOM.8] [CH.GEOM.6]: a map whose house interior opens onto the street is refused."""
    from campaign.kit.scenario_file import ScenarioError, TomlDocument
    from games.cry_havoc.board import read_board

    bad = 'rows = ["....", ".ii.", "....", "...."]\n'
    with pytest.raises(ScenarioError) as e:
        read_board(TomlDocument.parse(bad, "bad.toml"), "bad")
    assert "close the building" in str(e.value)


def test_CH_MOVE_4_one_move_each() -> None:
    """[CH.MOVE.4]: a character moves once per step, one path finished before the next man moves."""
    st = make()
    man(st, "M", "man_at_arms", "red", (0, 0))
    run = Run(ctx(st), [(1, O.Move("M", to=H(2, 0))), (2, O.Move("M", to=H(4, 0)))], validate=True)
    run_phase(run)
    assert [(n, e.code) for n, e in run.problems] == [(2, "CH.MOVE.4")]


def test_CH_COMBAT_1_combat_is_voluntary() -> None:
    """[CH.COMBAT.1]: men next to enemies need not fight (only a knight's duty adds an attack)."""
    st = make()
    man(st, "A", "man_at_arms", "red", (0, 0))
    man(st, "D", "man_at_arms", "blue", (1, 0))
    c = ctx(st)
    run_phase(Run(c, [], validate=False))
    assert not st.characters["A"].fought_phases and c.dice.left == 0  # type: ignore[union-attr]


def test_CH_RETREAT_8_lead_dropped_and_CH_AMMO_6_dead_keep_missiles() -> None:
    """[CH.RETREAT.8]: a retreating man drops any lead; [CH.AMMO.6]: a dead archer keeps his missiles."""
    from games.cry_havoc.effects import do_retreat

    st = make()
    man(st, "M", "man_at_arms", "red", (0, 0), leading="H")
    do_retreat(ctx(st), "M", 1, (H(-1, 0),), True)
    assert st.characters["M"].leading == "" and st.characters["M"].hex != H(0, 0)
    st2 = make(config={"options.ammunition": True})
    x = man(st2, "X", "crossbowman", "red", (-5, 0))
    man(st2, "S", "shortbowman", "blue", (0, 0), missiles=7)
    shot = aim(st2, x, Step.CROSSBOW, st2.characters["S"])
    resolve_shot(ctx(st2, die_for(shot.table, shot.column, "C")), shot)
    assert st2.characters["S"].condition is Condition.DEAD and st2.characters["S"].missiles == 7


def test_CH_MULE_7_CH_PBEM_16_a_string_retreats_as_a_whole() -> None:
    """[CH.MULE.7] [CH.PBEM.16]: a shot mule's whole string falls back 4, the end farther from the firer
    leading, the others in its trail; the man leading it does not retreat."""
    st = make()
    st.animals["U1"] = Animal("U1", AnimalKind.MULE, "blue", Body(H(1, 0)))
    st.animals["U2"] = Animal("U2", AnimalKind.MULE, "blue", Body(H(0, 0)), follows="U1")
    man(st, "L", "man_at_arms", "blue", (2, 0), leading="U1")
    x = man(st, "X", "shortbowman", "red", (0, -8))
    shot = aim(st, x, Step.SHORTBOW_1, st.animals["U2"])
    resolve_shot(ctx(st, die_for(shot.table, shot.column, "A")), shot)
    u1, u2 = st.animals["U1"].body.front, st.animals["U2"].body.front
    assert u1.distance(u2) == 1 and st.characters["L"].hex == H(2, 0)
    assert min(u1.distance(H(0, -8)), u2.distance(H(0, -8))) > 8


def test_CH_RANSOM_7_escort_designation() -> None:
    """[CH.RANSOM.7] [CH.RANSOM.6] [CH.PBEM.20]: the captor re-names the escort in his movement step: one
    knight, or two men next to the prisoner; a peasant cannot escort."""
    st = make(config={"options.ransom": True})
    man(st, "K", "knight", "red", (5, 5))
    man(st, "P", "knight", "blue", (0, 0), ransom=Ransom.PRISONER, captor="red", escort=("K",))
    man(st, "M1", "man_at_arms", "red", (1, 0))
    man(st, "M2", "shortbowman", "red", (0, 1))
    man(st, "Q", "peasant", "red", (-1, 0))
    run = Run(
        ctx(st),
        [(1, O.Escort("P", ("Q",))), (2, O.Escort("P", ("M1",))), (3, O.Escort("P", ("M1", "M2")))],
        validate=True,
    )
    run_phase(run)
    assert [(n, e.code) for n, e in run.problems] == [(1, "CH.RANSOM.6"), (2, "CH.RANSOM.6")]
    assert st.characters["P"].escort == ("M1", "M2") and escort_valid(st, "P")


def test_CH_RANSOM_10_prisoner_joins_the_attack_on_his_escort() -> None:
    """[CH.RANSOM.10] case 2 [CH.RANSOM.9]: a prisoner adds his ransom attack to his friends' attack on his
    escort, and is escaped at once; he cannot attack anyone else."""
    st = make(config={"options.ransom": True})
    man(st, "E", "knight", "blue", (0, 0))
    man(st, "P", "knight", "red", (1, 0), ransom=Ransom.PRISONER, captor="blue", escort=("E",))
    man(st, "A", "knight", "red", (-1, 0))
    man(st, "Z", "peasant", "blue", (2, 0))
    cb = Combat(("A", "P"), ("E",))
    assert odds(st, cb).attack == 30 + 10
    with pytest.raises(Illegal):
        odds(st, Combat(("P",), ("Z",)))
    run = Run(ctx(st, 10), [(1, O.Attack(("E",), ("A", "P")))], validate=False)
    run_phase(run)
    assert st.characters["P"].ransom is Ransom.ESCAPED and not st.characters["P"].escort
