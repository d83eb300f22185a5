"""Clauses mutation testing of games/cry_havoc/retreat.py found unpinned (benchmarks/mutation.py ch:retreat):
each barred hex on foot and mounted, exits, paths that never come back on themselves, the default path's order,
turns and the words a player answers with [CH.RETREAT.3] [CH.RETREAT.5] [CH.RETREAT.10] [CH.PBEM.14]."""

from __future__ import annotations

from campaign.hexgrid import Hex, MapEdge
from games.cry_havoc.geometry import Body
from games.cry_havoc.retreat import Path, Retreat, default_path, describe, foot_paths, horse_paths, turns
from games.cry_havoc.state import GameState
from games.cry_havoc.tables import Terrain

from .helpers import SPEC, H, building, make, man

HOUSE = building([(0, 1), (0, 2), (-1, 1), (-1, 2)], windows=[(0, 0)])
"""Window W at (0,0): outside neighbours (0,-1), (1,-1); inside (0,1), (-1,1) (as in test_movement.py)."""


def entered(paths: list[Path]) -> set[Hex]:
    return {h for p in paths for h in p.entered}


def ends(paths: list[Path]) -> set[Hex]:
    return {p.end.front for p in paths}


def test_CH_RETREAT_3_foot_barred_hexes() -> None:
    """[CH.RETREAT.3] items 1-3: never into a wall hex, across a wall hexside, into a window (unless allowed),
    or into an enemy's hex; trees are open to a man on foot."""
    st = make({(1, 0): Terrain.WALL, (1, -1): Terrain.WINDOW, (0, 1): Terrain.TREE})
    st.board.wall_sides = frozenset({frozenset((H(0, 0), H(-1, 1)))})
    d = man(st, "D", "man_at_arms", "blue", (0, 0))
    man(st, "E", "peasant", "red", (-1, 2))
    found = foot_paths(st, d, Retreat("D", 2, (H(-5, 0),), never_adjacent=False))
    assert ends(foot_paths(st, d, Retreat("D", 1, (H(-5, 0),), never_adjacent=False))) == {H(0, 1)}
    assert H(1, 0) not in entered(found) and H(1, -1) not in entered(found) and H(-1, 1) not in entered(found)
    assert H(-1, 2) not in entered(found) and H(0, 1) in entered(found)
    st2 = make({(1, -1): Terrain.WINDOW}, config={"retreat.allow_window": True})
    d2 = man(st2, "D", "man_at_arms", "blue", (0, 0))
    assert H(1, -1) in ends(foot_paths(st2, d2, Retreat("D", 1, (H(-5, 0),))))


def test_CH_RETREAT_3_foot_through_an_enemy_never() -> None:
    """[CH.RETREAT.3] item 3: a two-hex retreat does not pass through an enemy even when adjacency is allowed."""
    st = make()
    d = man(st, "D", "man_at_arms", "blue", (0, 0))
    for h in ((1, -1), (1, 0), (0, 1)):
        man(st, f"E{h[0]}{h[1]}", "peasant", "red", h)
    found = foot_paths(st, d, Retreat("D", 2, (H(-5, 0),), never_adjacent=False))
    assert found == []


def test_CH_RETREAT_3_out_of_a_window_only_away_from_enemies_beside_it() -> None:
    """[CH.RETREAT.3] [CH.MOVE.9]: a man in a window attacked from inside may not retreat outside past an enemy
    standing beside the window there."""
    st = make(HOUSE)
    d = man(st, "D", "man_at_arms", "blue", (0, 0))
    man(st, "A", "man_at_arms", "red", (0, 1))
    r = Retreat("D", 1, (H(0, 1),), never_adjacent=False)
    assert ends(foot_paths(st, d, r)) == {H(0, -1), H(1, -1)}
    man(st, "E", "man_at_arms", "red", (0, -1))
    assert foot_paths(st, d, r) == []


def test_CH_RETREAT_3_without_the_distance_rule_no_hex_twice() -> None:
    """[CH.RETREAT.3] item 5 off: a retreat may wander, but never enters a hex twice or its start again."""
    st = make(config={"retreat.must_increase_distance": False})
    d = man(st, "D", "man_at_arms", "blue", (0, 0))
    found = foot_paths(st, d, Retreat("D", 3, (H(-5, 0),)))
    assert found and all(len(set(p.bodies)) == 4 for p in found)
    k = man(st, "K", "horseman", "blue", (5, 5), facing=0)
    rides = horse_paths(st, k, Retreat("K", 2, (H(0, 5),)))
    start = set(k.hexes)
    assert rides and all(len(set(p.entered)) == len(p.entered) and not start & set(p.entered) for p in rides)


def test_CH_RETREAT_3_foot_paths_are_plain() -> None:
    """[CH.PBEM.14]: a foot path has no horse steps; what it enters is every hex after the start."""
    st = make()
    d = man(st, "D", "man_at_arms", "blue", (0, 0))
    for p in foot_paths(st, d, Retreat("D", 2, (H(-5, 0),))):
        assert p.steps == () and p.entered == tuple(b.front for b in p.bodies[1:]) and not p.turned


def edge_man(exit_: bool, off_map: str = "scenario_exit") -> tuple[GameState, Hex]:
    """D next to the right edge (column 40), attacked from the left; the edge an exit of his side or not."""
    edge = SPEC.to_hex(40, 21)
    st = make(config={"retreat.off_map": off_map})
    if exit_:
        st.exits["blue"] = (MapEdge.RIGHT,)
    man(st, "D", "man_at_arms", "blue", (edge.q - H(0, 0).q, edge.r - H(0, 0).r))
    return st, edge


def test_CH_RETREAT_10_exits() -> None:
    """[CH.RETREAT.10]: through an exit of his side a retreat may leave the map (entered: every hex, the off-map
    one last), beside paths on the map; never when the option says "never" or the edge is not his."""
    st, edge = edge_man(True)
    found = foot_paths(st, st.characters["D"], Retreat("D", 2, (edge + Hex(-3, 0),)))
    off = [p for p in found if p.off_map]
    assert off and any(not p.off_map for p in found)
    for p in off:
        assert p.steps == () and p.entered == tuple(b.front for b in p.bodies[1:]) and not st.board.on_map(p.end.front)
    assert any(len(p.entered) == 2 for p in off)
    assert default_path(st, st.characters["D"], found).off_map  # leaving beats any distance
    for exit_, option in ((True, "never"), (False, "scenario_exit")):
        st2, edge2 = edge_man(exit_, option)
        assert not any(p.off_map for p in foot_paths(st2, st2.characters["D"], Retreat("D", 2, (edge2 + Hex(-3, 0),))))


def test_CH_RETREAT_5_mounted_barred_hexes() -> None:
    """[CH.RETREAT.5] [CH.RETREAT.3]: a horseman never retreats into trees or across a wall hexside; his own old
    hex is free to him; a friend's hex is not an end."""
    st = make({(2, -1): Terrain.TREE})
    k = man(st, "K", "horseman", "blue", (1, 0), facing=0)  # front (1,0), rear (0,0)
    r = Retreat("K", 1, (H(-5, 0),), never_adjacent=False)
    assert {p.steps for p in horse_paths(st, k, r) if not p.turned} >= {("F0",)}
    assert all(H(2, -1) not in p.entered for p in horse_paths(st, k, Retreat("K", 3, (H(-5, 0),))))
    st.board.wall_sides = frozenset({frozenset((H(1, 0), H(2, 0)))})
    assert ("F0",) not in {p.steps for p in horse_paths(st, k, r)}
    st2 = make()
    k2 = man(st2, "K", "horseman", "blue", (1, 0), facing=0)
    man(st2, "F", "peasant", "blue", (2, 0))
    assert ("F0",) not in {p.steps for p in horse_paths(st2, k2, r)}
    assert all(H(2, 0) not in p.end.hexes for p in horse_paths(st2, k2, Retreat("K", 2, (H(-5, 0),))))


def test_CH_PBEM_14_turns() -> None:
    """[CH.PBEM.14]: a foot path's changes of direction; a horseman's steps other than F0, the turn-round one."""
    straight = Path(tuple(Body(H(q, 0)) for q in range(4)), (), ())
    bent = Path((Body(H(0, 0)), Body(H(1, 0)), Body(H(1, 1)), Body(H(1, 2))), (), ())
    zigzag = Path((Body(H(0, 0)), Body(H(1, 0)), Body(H(1, 1)), Body(H(2, 1))), (), ())
    assert [turns(p) for p in (straight, bent, zigzag)] == [0, 1, 2]
    ride = Path((Body(H(0, 0), 0),) * 4, ("F0", "F+1", "T-2"), ())
    assert turns(ride) == 2
    assert turns(Path((Body(H(0, 0), 0),) * 2, ("F0",), (), turned=True)) == 1


def test_CH_PBEM_14_default_path_order() -> None:
    """[CH.PBEM.14]: the default is farthest from the nearest live enemy (of the retreater's side's enemies, red
    or blue), then fewest turns; with no enemy left, fewest turns."""
    for side, other in (("red", "blue"), ("blue", "red")):
        st = make()
        d = man(st, "D", "man_at_arms", side, (0, 0))
        man(st, "E", "peasant", other, (3, -3))
        man(st, "F", "peasant", side, (-3, 3))  # a friend: not an enemy to keep away from
        near = Path((Body(H(0, 0)), Body(H(1, 0)), Body(H(2, 0))), (), (H(1, 0), H(2, 0)))
        far = Path((Body(H(0, 0)), Body(H(0, 1)), Body(H(-1, 2))), (), (H(0, 1), H(-1, 2)))
        assert turns(far) == 1 and turns(near) == 0
        assert default_path(st, d, [near, far]) is far
        del st.characters["E"]
        assert default_path(st, d, [far, near]) is near


def test_CH_PBEM_14_describe() -> None:
    """[CH.PBEM.14]: a foot path as labels joined by '-', "off" for the hex off the map; a horseman's as steps
    joined by ',', "turn" first when he turned round."""
    st = make()
    lb = st.board.label
    foot = Path((Body(H(0, 0)), Body(H(1, 0)), Body(H(2, 0))), (), ())
    assert describe(st, foot) == f"{lb(H(1, 0))}-{lb(H(2, 0))}"
    edge = SPEC.to_hex(41, 21)
    out = Path((Body(edge + Hex(-1, 0)), Body(edge), Body(edge + Hex(1, 0))), (), (), off_map=True)
    assert describe(st, out) == f"{lb(edge)}-off"
    assert describe(st, Path((Body(H(0, 0), 0),) * 3, ("F0", "T+2"), ())) == "F0,T+2"
    assert describe(st, Path((Body(H(0, 0), 0),) * 3, ("F0", "T+2"), (), turned=True)) == "turn,F0,T+2"


def test_CH_RETREAT_10_every_way_off_the_map_is_as_far() -> None:
    """[CH.RETREAT.10] [CH.PBEM.14]: between two retreats off the map the distance to the enemy does not count,
    the fewer turns do."""
    st = make()
    edge = SPEC.to_hex(41, 21)
    d = man(st, "D", "man_at_arms", "blue", (edge.q - H(0, 0).q - 1, edge.r - H(0, 0).r))
    man(st, "E", "peasant", "red", (edge.q - H(0, 0).q - 2, edge.r - H(0, 0).r + 5))
    start = edge + Hex(-1, 0)
    straight = Path((Body(start), Body(edge), Body(edge + Hex(1, 0))), (), (edge, edge + Hex(1, 0)), off_map=True)
    bent = [Body(start), Body(edge + Hex(0, -1)), Body(edge + Hex(1, -1))]
    away = Path(tuple(bent), (), tuple(b.front for b in bent[1:]), off_map=True)  # one hex farther from E
    assert not st.board.on_map(straight.end.front) and not st.board.on_map(away.end.front)
    assert (turns(straight), turns(away)) == (0, 1)
    assert default_path(st, d, [away, straight]) is straight
