"""Retreats: legal paths, defaults, failure, mounted retreats with turn-round and translations
[CH.RETREAT.*] [CH.PBEM.14] [CH.GEOM.12], vectors TV-36, TV-37, TV-76..TV-78, TV-80, TV-86, TV-91."""

from __future__ import annotations

from campaign.hexgrid import MapEdge
from games.cry_havoc.effects import do_retreat
from games.cry_havoc.model import Condition
from games.cry_havoc.retreat import Retreat, default_path, describe, foot_paths, horse_paths

from .helpers import H, ctx, make, man


def ends(paths) -> set[tuple[int, int]]:  # type: ignore[no-untyped-def]
    return {(p.end.front.q - H(0, 0).q, p.end.front.r - H(0, 0).r) for p in paths}


def test_TV_76_TV_77_one_hex_combat_retreat() -> None:
    """TV-76, TV-77 [CH.RETREAT.3] [CH.PBEM.14]: away from the attacker; never next to an enemy."""
    st = make()
    d = man(st, "D", "man_at_arms", "blue", (0, 0))
    man(st, "A", "man_at_arms", "red", (-1, 0))
    found = foot_paths(st, d, Retreat("D", 1, (H(-1, 0),)))
    assert ends(found) == {(0, 1), (1, -1), (1, 0)}
    assert default_path(st, d, found).end.front == H(0, 1)
    man(st, "E", "peasant", "red", (2, -1))
    assert ends(foot_paths(st, d, Retreat("D", 1, (H(-1, 0),), never_adjacent=True))) == {(0, 1)}


def test_TV_78_two_hex_missile_retreat() -> None:
    """TV-78 [CH.RETREAT.3] [CH.PBEM.14]: 7 paths; the default goes (0,1) then (0,2)."""
    st = make()
    d = man(st, "D", "man_at_arms", "blue", (0, 0))
    man(st, "F", "crossbowman", "red", (-10, 0))
    found = foot_paths(st, d, Retreat("D", 2, (H(-10, 0),)))
    assert len(found) == 7 and ends(found) == {(0, 2), (1, 1), (2, -2), (2, -1), (2, 0)}
    best = default_path(st, d, found)
    assert [b.front for b in best.bodies[1:]] == [H(0, 1), H(0, 2)]


def test_TV_80_horseman_four_hex_retreat() -> None:
    """TV-80 [CH.RETREAT.5] [CH.GEOM.12]: 285 sequences, 2 after a turn-round, 31 ends, all 14 from the firer."""
    st = make()
    k = man(st, "K", "horseman", "blue", (1, 0), facing=0)
    man(st, "F", "crossbowman", "red", (-10, 0))
    found = horse_paths(st, k, Retreat("K", 4, (H(-10, 0),)))
    assert len(found) == 285
    assert sum(1 for p in found if p.turned) == 2
    assert len({p.end for p in found}) == 31
    assert all(min(h.distance(H(-10, 0)) for h in p.end.hexes) == 14 for p in found)
    best = default_path(st, k, found)
    assert best.steps == ("F0",) * 4 and best.end.front == H(5, 0) and best.end.rear == H(4, 0)
    st2 = make(config={"retreat.mounted_sidestep": False})
    k2 = man(st2, "K", "horseman", "blue", (1, 0), facing=0)
    man(st2, "F", "crossbowman", "red", (-10, 0))
    found2 = horse_paths(st2, k2, Retreat("K", 4, (H(-10, 0),)))
    assert len(found2) == 45 and not any(p.turned for p in found2)
    assert default_path(st2, k2, found2).steps == ("F0",) * 4


def test_TV_86_horseman_touched_on_the_flank() -> None:
    """TV-86 [CH.RETREAT.5] [CH.PBEM.14]: only translations work; default T-2; without them, wounded."""
    st = make()
    k = man(st, "K", "horseman", "blue", (1, 0), facing=0)
    man(st, "A", "man_at_arms", "red", (1, -1))
    found = horse_paths(st, k, Retreat("K", 1, (H(1, -1),)))
    got = {(p.turned, p.steps, (p.end.front, p.end.rear)) for p in found}
    assert got == {
        (False, ("T-1",), (H(1, 1), H(0, 1))),
        (False, ("T-2",), (H(0, 1), H(-1, 1))),
        (True, ("T+2",), (H(0, 1), H(1, 1))),
        (True, ("T+1",), (H(-1, 1), H(0, 1))),
    }
    assert default_path(st, k, found).steps == ("T-2",) and not default_path(st, k, found).turned
    st2 = make(config={"retreat.mounted_sidestep": False})
    man(st2, "K", "horseman", "blue", (1, 0), facing=0)
    man(st2, "A", "man_at_arms", "red", (1, -1))
    c = ctx(st2)
    do_retreat(c, "K", 1, (H(1, -1),), True)
    after = st2.characters["K"]
    assert after.condition is Condition.WOUNDED and after.mounted  # [CH.STATE.2] stays mounted


def test_TV_37_unable_to_retreat_is_wounded() -> None:
    """TV-37 [CH.RETREAT.4]: every neighbour occupied or next to an enemy: wounded in place."""
    st = make()
    man(st, "D", "man_at_arms", "blue", (0, 0))
    man(st, "A", "man_at_arms", "red", (-1, 0))
    for i, h in enumerate([(0, 1), (1, -1), (1, 0)]):
        man(st, f"F{i}", "peasant", "blue", h)
    c = ctx(st)
    do_retreat(c, "D", 1, (H(-1, 0),), True)
    assert st.characters["D"].condition is Condition.WOUNDED and st.characters["D"].hex == H(0, 0)


def test_TV_36_stunned_cannot_retreat() -> None:
    """TV-36 [CH.RETREAT.6] [CH.STATE.4]: a stunned man given a retreat is wounded, so killed."""
    st = make()
    man(st, "P", "peasant", "blue", (0, 0), condition=Condition.STUNNED)
    do_retreat(ctx(st), "P", 2, (H(-10, 0),), True)
    assert st.characters["P"].condition is Condition.DEAD
    st2 = make(config={"retreat.stunned": "ignore"})
    man(st2, "P", "peasant", "blue", (0, 0), condition=Condition.STUNNED)
    do_retreat(ctx(st2), "P", 2, (H(-10, 0),), True)
    assert st2.characters["P"].stunned


def test_TV_91_retreat_off_the_map() -> None:
    """TV-91 [CH.RETREAT.10]: off-map hexes are no retreat, unless the edge is an exit of his side."""
    from campaign.hexgrid import Hex

    from .helpers import SPEC

    edge_hex = SPEC.to_hex(41, 21)
    rel = (edge_hex.q - H(0, 0).q, edge_hex.r - H(0, 0).r)
    for exit_ in (False, True):
        st = make()
        if exit_:
            st.exits["blue"] = (MapEdge.RIGHT,)
        man(st, "D", "man_at_arms", "blue", rel)
        man(st, "A", "man_at_arms", "red", (rel[0] - 1, rel[1]))
        if st.board.on_map(edge_hex + Hex(0, 1)):
            man(st, "F", "peasant", "blue", (rel[0], rel[1] + 1))
        do_retreat(ctx(st), "D", 1, (edge_hex + Hex(-1, 0),), True)
        d = st.characters["D"]
        if exit_:
            assert d.body is None and st.exited["blue"] == ["D"]
        else:
            assert d.condition is Condition.WOUNDED and d.hex == edge_hex


def test_CH_RETREAT_3_through_friends_not_into_windows() -> None:
    """[CH.RETREAT.3] items 2, 3, 6 [CH.STACK.2]: pass through a friend but do not stop on him; no windows."""
    from games.cry_havoc.tables import Terrain

    st = make({(1, 0): Terrain.WINDOW})
    d = man(st, "D", "man_at_arms", "blue", (0, 0))
    man(st, "F", "peasant", "blue", (0, 1))
    found = foot_paths(st, d, Retreat("D", 2, (H(-10, 0),)))
    assert all(p.end.front != H(0, 1) for p in found)
    assert any(H(0, 1) in [b.front for b in p.bodies] for p in found)
    assert all(H(1, 0) not in [b.front for b in p.bodies] for p in found)
    assert describe(st, found[0])
