"""Movement: terrain costs, corpses, windows, stacking, horses, mounting [CH.MOVE.*] [CH.STACK.*]
[CH.HORSE.*], vectors TV-52..TV-58, TV-61, TV-90."""

from __future__ import annotations

import pytest

from games.cry_havoc.geometry import Body, horse_step
from games.cry_havoc.model import Condition
from games.cry_havoc.movement import Illegal, plan_foot, plan_horse, reachable_foot, reachable_horse
from games.cry_havoc.phase import mount_problem
from games.cry_havoc.tables import IMPASSABLE, Terrain

from .helpers import H, building, horse, make, man

HOUSE = building([(0, 1), (0, 2), (-1, 1), (-1, 2)], windows=[(0, 0)])
"""Window W at (0,0): outside neighbours (0,-1), (1,-1); inside (0,1), (-1,1)."""


def test_TV_52_TV_53_corpses() -> None:
    """TV-52, TV-53 [CH.MOVE.8] [CH.STACK.3] [CH.STATE.7]: 3 dead men or a dead horse double; 6 weight bars."""
    cases = [
        ((0, 2, 0), 1),
        ((0, 3, 0), 2),
        ((0, 0, 1), 2),
        ((1, 0, 1), 4),
        ((0, 2, 1), 2),
        ((0, 3, 1), IMPASSABLE),
        ((0, 6, 0), IMPASSABLE),
        ((0, 0, 2), IMPASSABLE),
        ((2, 3, 0), 6),
    ]
    for (kind, men, horses), want in cases:
        terrain = {0: Terrain.FLAT, 1: Terrain.SCRUB, 2: Terrain.WINDOW}[kind]
        st = make({(0, 0): terrain})
        st.extra_dead[H(0, 0)] = men
        for i in range(horses):
            horse(st, f"H{i}", (0, 0), 0 if i == 0 else 5, alive=False)
        assert st.cost(H(0, 0), False) == want, (kind, men, horses)


def test_TV_54_window_costs() -> None:
    """TV-54 [CH.MOVE.9] [CH.MOVE.2]: flat -> window -> interior is 3 + 1 = 4 MP."""
    st = make(HOUSE)
    c = man(st, "M", "man_at_arms", "red", (0, -1))
    assert plan_foot(st, c, [H(0, 0), H(0, 1)], frozenset()).mp == 4
    c2 = man(st, "N", "man_at_arms", "red", (0, -3))
    assert plan_foot(st, c2, [H(0, -2), H(1, -2), H(1, -1), H(0, 0), H(0, 1)], frozenset()).mp == 7


def test_TV_55_wounded_and_windows() -> None:
    """TV-55 [CH.MOVE.9] (book check 2): a wounded man (3 MP) may enter a window hex but never get through;
    under the spec's reading (window.wounded_enter = false) he may not even enter it."""
    st = make(HOUSE)
    c = man(st, "M", "man_at_arms", "red", (0, -1), condition=Condition.WOUNDED)
    assert plan_foot(st, c, [H(0, 0)], frozenset()).mp == 3
    with pytest.raises(Illegal):
        plan_foot(st, c, [H(0, 0), H(0, 1)], frozenset())
    st2 = make(HOUSE, config={"window.wounded_enter": False})
    c2 = man(st2, "M", "man_at_arms", "red", (0, -1), condition=Condition.WOUNDED)
    with pytest.raises(Illegal) as e:
        plan_foot(st2, c2, [H(0, 0)], frozenset())
    assert e.value.code == "CH.MOVE.9"


def test_TV_56_TV_90_window_test() -> None:
    """TV-56, TV-90 [CH.MOVE.9] (book check 1): an enemy beside the window on the far side bars going through."""
    st = make(HOUSE)
    c = man(st, "M", "man_at_arms", "red", (0, -1))
    man(st, "E", "peasant", "blue", (-1, 1))
    assert plan_foot(st, c, [H(0, 0)], frozenset()).mp == 3  # book: he may step into the window
    with pytest.raises(Illegal):
        plan_foot(st, c, [H(0, 0), H(0, 1)], frozenset())
    st2 = make(HOUSE, config={"window.enter_test": True})
    c2 = man(st2, "M", "man_at_arms", "red", (0, -1))
    man(st2, "E", "peasant", "blue", (-1, 1))
    with pytest.raises(Illegal):
        plan_foot(st2, c2, [H(0, 0)], frozenset())
    st3 = make(HOUSE)
    x = man(st3, "X", "man_at_arms", "red", (0, 0))
    man(st3, "E", "peasant", "blue", (-1, 1))
    with pytest.raises(Illegal):
        plan_foot(st3, x, [H(0, 1)], frozenset())
    assert plan_foot(st3, x, [H(1, -1)], frozenset()).mp == 1


def test_CH_MOVE_6_no_aperture_to_aperture() -> None:
    """[CH.MOVE.6] [CH.MOVE.9](c): no step along the wall from one aperture to the next; walls impassable."""
    t = building([(0, 1), (0, 2), (1, 1), (1, 2)], windows=[(0, 0), (1, 0)])
    st = make(t)
    x = man(st, "X", "man_at_arms", "red", (0, 0))
    with pytest.raises(Illegal):
        plan_foot(st, x, [H(1, 0)], frozenset())
    with pytest.raises(Illegal):
        plan_foot(st, x, [H(-1, 1)], frozenset())


def test_CH_MOVE_5_stacking() -> None:
    """[CH.MOVE.5] [CH.STACK.1] [CH.STACK.2] [CH.STACK.4]:
    through friends, never enemies; never stop on a man or horse."""
    st = make()
    c = man(st, "M", "man_at_arms", "red", (0, 0))
    man(st, "F", "peasant", "red", (1, 0))
    man(st, "E", "peasant", "blue", (0, 1))
    horse(st, "H", (4, 0), 0)  # rear (3,0)
    assert plan_foot(st, c, [H(1, 0), H(2, 0)], frozenset()).mp == 2
    for path in ([H(1, 0)], [H(0, 1), H(0, 2)], [H(1, 0), H(2, 0), H(3, 0)]):
        with pytest.raises(Illegal):
            plan_foot(st, c, path, frozenset())
    reach = reachable_foot(st, c)
    assert H(1, 0) not in reach and H(2, 0) in reach and H(0, 1) not in reach


def test_TV_57_horse_steps() -> None:
    """TV-57 [CH.HORSE.1] [CH.HORSE.3] [CH.GEOM.10]: forward, pivot and back steps."""
    b = Body(H(0, 0), 0)
    assert b.rear == H(-1, 0)
    want = {
        "F0": (H(1, 0), H(0, 0)),
        "F+1": (H(1, -1), H(0, 0)),
        "F-1": (H(0, 1), H(0, 0)),
        "P+1": (H(0, 0), H(-1, 1)),
        "P-1": (H(0, 0), H(0, -1)),
        "B": (H(-1, 0), H(-2, 0)),
    }
    for name, (front, rear) in want.items():
        nb, _ = horse_step(b, name)
        assert (nb.front, nb.rear) == (front, rear), name
    st = make({(-2, 0): Terrain.SCRUB})
    k = man(st, "K", "knight", "red", (0, 0), facing=0)
    assert plan_horse(st, k, ["B"]).mp == 4  # twice the scrub cost [CH.HORSE.3]
    assert plan_horse(st, k, ["F0", "F+1", "P-1"]).mp == 3


def test_TV_58_horsemen_terrain() -> None:
    """TV-58 [CH.MOVE.7] [CH.TERRAIN.5]: no trees, windows or interiors for horses; doors are fine."""
    for t, ok in ((Terrain.TREE, False), (Terrain.WINDOW, False), (Terrain.INTERIOR, False), (Terrain.DOOR, True)):
        st = make({(1, 0): t})
        k = man(st, "K", "knight", "red", (0, 0), facing=0)
        if ok:
            assert plan_horse(st, k, ["F0"]).mp == 1
        else:
            with pytest.raises(Illegal):
                plan_horse(st, k, ["F0"])


def test_CH_MOVE_1_allowance() -> None:
    """[CH.MOVE.1] [CH.MOVE.2] [CH.MOVE.3] [CH.HORSE.2] [CH.TERRAIN.2]: 12 MP mounted, 6 on foot, each hex
    entered paid for; Dijkstra reach."""
    st = make()
    k = man(st, "K", "knight", "red", (0, 0), facing=0)
    reach = reachable_horse(st, k)
    assert max(v[0] for v in reach.values()) <= 12 and any(b.front == H(12, 0) for b in reach)
    f = man(st, "F", "knight", "red", (0, 5))
    assert max(v[0] for v in reachable_foot(st, f).values()) == 6
    with pytest.raises(Illegal) as e:
        plan_foot(st, f, [H(i, 5) for i in range(1, 8)], frozenset())
    assert e.value.code == "CH.MOVE.2"


def test_TV_61_mounting() -> None:
    """TV-61 [CH.HORSE.6] [CH.HORSE.10] [CH.HORSE.13] [CH.ROSTER.3]:
    an unwounded knight may mount; wounded or peasant not."""
    st = make()
    horse(st, "H", (1, 0), 0)
    man(st, "K", "knight", "red", (0, 1))
    mount_problem(st, "K", "H")
    man(st, "W", "knight", "red", (2, -1), condition=Condition.WOUNDED)
    with pytest.raises(Illegal) as e:
        mount_problem(st, "W", "H")
    assert e.value.code == "CH.HORSE.10"
    man(st, "P", "peasant", "red", (1, 1))
    with pytest.raises(Illegal):
        mount_problem(st, "P", "H")


def test_CH_HORSE_12_leading_a_horse_and_a_mule() -> None:
    """[CH.HORSE.12] [CH.PBEM.19] [CH.HORSE.13] [CH.MULE.3]: the animal follows the leader's trail; taking the
    lead is free; horses never enter trees; a mounted man cannot lead."""
    from games.cry_havoc import orders as O
    from games.cry_havoc.model import Animal, AnimalKind
    from games.cry_havoc.phase import Run, run_phase

    from .helpers import ctx

    st = make()
    horse(st, "H", (1, 0), 0)  # front (1,0), rear (0,0)
    man(st, "M", "man_at_arms", "red", (2, 0))
    run_phase(Run(ctx(st), [(1, O.Move("M", path=(H(3, 0), H(4, 0)), lead="H"))], validate=False))
    h = st.animals["H"]
    assert (h.body.front, h.body.rear) == (H(3, 0), H(2, 0)) and h.leader == "M"
    assert st.characters["M"].hex == H(4, 0) and st.characters["M"].leading == "H"
    st2 = make({(3, 0): Terrain.TREE})
    horse(st2, "H", (1, 0), 0)
    man(st2, "M", "man_at_arms", "red", (2, 0))
    run = Run(ctx(st2), [(1, O.Move("M", path=(H(3, 0), H(4, 0)), lead="H"))], validate=True)
    run_phase(run)
    assert [e.code for _, e in run.problems] == ["CH.MULE.3"]
    st3 = make()
    st3.animals["U"] = Animal("U", AnimalKind.MULE, "", Body(H(1, 0)))
    man(st3, "M", "man_at_arms", "red", (2, 0))
    run_phase(Run(ctx(st3), [(1, O.Move("M", path=(H(3, 0), H(4, 0)), lead="U"))], validate=False))
    assert st3.animals["U"].body == Body(H(3, 0)) and st3.animals["U"].side == "red"
    st4 = make()
    horse(st4, "H", (1, 0), 0)
    man(st4, "K", "knight", "red", (2, 0), facing=0)
    run = Run(ctx(st4), [(1, O.Move("K", steps=("F0",), lead="H"))], validate=True)
    run_phase(run)
    assert run.problems


def test_CH_MULE_3_4_5_strings_of_mules() -> None:
    """[CH.MULE.3] [CH.MULE.4] [CH.MULE.5]: a mule is tied behind the last of a string in a whole phase; the
    string follows in file; a dead mule in it stops it until detached."""
    from games.cry_havoc import orders as O
    from games.cry_havoc.model import Animal, AnimalKind
    from games.cry_havoc.phase import Run, run_phase

    from .helpers import ctx, set_

    st = make()
    st.animals["U1"] = Animal("U1", AnimalKind.MULE, "red", Body(H(1, 0)))
    st.animals["U2"] = Animal("U2", AnimalKind.MULE, "red", Body(H(0, 0)))
    man(st, "M", "man_at_arms", "red", (0, 1))
    run = Run(
        ctx(st), [(1, O.Declare("M", "attach", horse="U2", behind="U1")), (2, O.Move("M", to=H(0, 3)))], validate=False
    )
    run_phase(run)
    assert st.animals["U2"].follows == "U1" and st.characters["M"].hex == H(0, 1)  # bound for the phase
    set_(st, "M", body=Body(H(2, 0)))
    run_phase(Run(ctx(st), [(1, O.Move("M", path=(H(3, 0), H(4, 0)), lead="U1"))], validate=False))
    assert st.animals["U1"].body == Body(H(3, 0)) and st.animals["U2"].body == Body(H(2, 0))
    st.animals["U2"] = Animal("U2", AnimalKind.MULE, "red", Body(H(2, 0)), alive=False, follows="U1")
    run = Run(ctx(st), [(1, O.Move("M", path=(H(5, 0),), lead="U1"))], validate=True)
    run_phase(run)
    assert [e.code for _, e in run.problems] == ["CH.MULE.5"]
    set_(st, "M", body=Body(H(2, 1)))
    run_phase(Run(ctx(st), [(1, O.Declare("M", "detach", horse="U2"))], validate=False))
    assert st.animals["U2"].follows == ""
