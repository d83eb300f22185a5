"""Clauses mutation testing of games/cry_havoc/movement.py found unpinned (benchmarks/mutation.py ch:movement):
each refusal's rule ID and words, windows and apertures, walls for horsemen, the MP limit, and the reachable
places checked against an exhaustive search [CH.MOVE.*] [CH.HORSE.3] [CH.STACK.1] [CH.GEOM.11]."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from campaign.hexgrid import Hex
from games.cry_havoc.geometry import Body, HorseStep, horse_step
from games.cry_havoc.model import Character, Condition, Ransom, Values
from games.cry_havoc.movement import (
    Illegal,
    end_ok,
    foot_step,
    fresh_contacts,
    horse_cost,
    horse_ok,
    may_move,
    plan_foot,
    plan_horse,
    reachable_foot,
    reachable_horse,
    rule_of,
    window_check,
)
from games.cry_havoc.state import GameState
from games.cry_havoc.tables import Terrain

from .helpers import TYPES, H, building, make, man, set_

HOUSE = building([(0, 1), (0, 2), (-1, 1), (-1, 2)], windows=[(0, 0)])
"""Window W at (0,0): outside neighbours (0,-1), (1,-1); inside (0,1), (-1,1) (as in test_movement.py)."""


def refused(call: Callable[[], object], code: str, message: str) -> Illegal:
    with pytest.raises(Illegal) as e:
        call()
    assert (e.value.code, e.value.message) == (code, message)
    return e.value


def test_CH_MOVE_2_illegal_keeps_its_message_and_rule_of_defaults() -> None:
    """[CH.MOVE.2]: a refusal without a hint has none; its text is its message; a reason citing no rule is
    filed under CH.MOVE.2."""
    e = Illegal("CH.MOVE.2", "too far")
    assert (e.hint, str(e)) == ("", "too far")
    assert rule_of("no rule cited here") == "CH.MOVE.2"
    assert rule_of("blocked [CH.MOVE.9] [CH.MOVE.6]") == "CH.MOVE.9"


@pytest.mark.parametrize(
    ("change", "code", "message"),
    [
        ({"condition": Condition.DEAD}, "CH.MOVE.11", "X cannot move: dead"),
        ({"ransom": Ransom.PRISONER}, "CH.MOVE.11", "X cannot move: a prisoner or off the map"),
        ({"condition": Condition.STUNNED}, "CH.STATE.4", "X is stunned and cannot move"),
        ({"action": "mount H"}, "CH.SEQ.8", "X spends this phase on 'mount H' and cannot move"),
    ],
)
def test_CH_MOVE_11_who_may_not_move_is_told_why(change: dict[str, object], code: str, message: str) -> None:
    """[CH.MOVE.11] [CH.STATE.4] [CH.SEQ.8]: each refusal names its rule and says why."""
    st = make()
    man(st, "X", "crossbowman", "red", (0, 0))
    set_(st, "X", **change)
    refused(lambda: may_move(st, st.characters["X"], False), code, message)


def test_CH_SEQ_4_a_crossbowman_who_fired_stays() -> None:
    """[CH.SEQ.4]: the reason, word for word."""
    st = make()
    x = man(st, "X", "crossbowman", "red", (0, 0))
    refused(lambda: may_move(st, x, True), "CH.SEQ.4", "X fired his crossbow in step 2 and may not move")


def test_CH_MOVE_4_a_path_hex_by_hex() -> None:
    """[CH.MOVE.4]: a gap in the path is refused with both hexes named and a hint; the plan is the mover's."""
    st = make()
    x = man(st, "X", "man_at_arms", "red", (0, 0))
    lb = st.board.label
    e = refused(
        lambda: plan_foot(st, x, [H(1, 0), H(3, 0)], frozenset()),
        "CH.MOVE.4",
        f"{lb(H(3, 0))} is not next to {lb(H(1, 0))}",
    )
    assert e.hint == "list every hex of the path, or write 'to HEX' for the cheapest path"
    assert plan_foot(st, x, [H(1, 0)], frozenset()).character == "X"


def test_CH_MOVE_2_CH_MOVE_5_CH_STACK_1_foot_refusals() -> None:
    """[CH.MOVE.2] [CH.MOVE.5] [CH.STACK.1] [CH.MOVE.12] [CH.TERRAIN.2]: not enough MP, an enemy's hex, ending
    on a friend, off the map, an impassable hex: each with its rule and words."""
    st = make({(0, 1): Terrain.WALL}, off=[(0, -1)])
    x = man(st, "X", "man_at_arms", "red", (0, 0))  # 8 MP
    man(st, "E", "peasant", "blue", (-1, 0))
    man(st, "F", "peasant", "red", (1, 0))
    lb = st.board.label
    far = [H(q, -q) for q in range(1, 10)]
    refused(lambda: plan_foot(st, x, far, frozenset()), "CH.MOVE.2", f"X needs 9 MP to reach {lb(far[8])} but has 8")
    why = f"{lb(H(-1, 0))} holds an enemy [CH.MOVE.5] [CH.STACK.2]"
    refused(lambda: plan_foot(st, x, [H(-1, 0)], frozenset()), "CH.MOVE.5", why)
    why = f"{lb(H(1, 0))} is occupied: a move may pass friends but not end on them [CH.STACK.1]"
    refused(lambda: plan_foot(st, x, [H(1, 0)], frozenset()), "CH.STACK.1", why)
    assert plan_foot(st, x, [H(1, 0), H(2, 0)], frozenset()).mp == 2
    why = f"{lb(H(0, -1))} is off the map [CH.MOVE.12]"
    refused(lambda: plan_foot(st, x, [H(0, -1)], frozenset()), "CH.MOVE.12", why)
    why = f"{lb(H(0, 1))} (wall) may not be entered [CH.TERRAIN.2] [CH.MOVE.8]"
    refused(lambda: plan_foot(st, x, [H(0, 1)], frozenset()), "CH.TERRAIN.2", why)


def test_CH_TERRAIN_12_wall_hexsides_bar_only_themselves() -> None:
    """[CH.TERRAIN.12]: a wall on a hexside bars that side, on foot and mounted, and no other."""
    st = make()
    st.board.wall_sides = frozenset({frozenset((H(0, 0), H(1, 0))), frozenset((H(5, 5), H(5, 6)))})
    x = man(st, "X", "man_at_arms", "red", (0, 0))
    why = "a wall hexside may not be crossed [CH.TERRAIN.12]"
    refused(lambda: plan_foot(st, x, [H(1, 0)], frozenset()), "CH.TERRAIN.12", why)
    assert plan_foot(st, x, [H(1, -1)], frozenset()).mp == 1
    st.characters.pop("X")
    k = man(st, "K", "knight", "red", (-1, 0), facing=0)  # front (-1,0), rear (-2,0), facing (0,0)
    assert plan_horse(st, k, ["F0"]).mp == 1
    refused(lambda: plan_horse(st, k, ["F0", "F0"]), "CH.TERRAIN.12", why)
    assert plan_horse(st, k, ["F0", "F+1"]).mp == 2


def test_CH_MOVE_7_horse_refusals() -> None:
    """[CH.MOVE.7] [CH.TERRAIN.5] [CH.MOVE.5] [CH.MOVE.12]: a horseman may not enter trees, an enemy's hex or
    leave the map; he may pass a friend; each refusal with its rule and words."""
    st = make({(2, 0): Terrain.TREE}, off=[(3, 1)])
    k = man(st, "K", "knight", "red", (0, 0), facing=0)  # facing +q, rear (-1,0)
    man(st, "E", "peasant", "blue", (1, -1))
    man(st, "F", "peasant", "red", (0, 1))
    lb = st.board.label
    why = f"a horseman may not enter {lb(H(2, 0))} (tree) [CH.MOVE.7] [CH.TERRAIN.5]"
    refused(lambda: plan_horse(st, k, ["F0", "F0"]), "CH.MOVE.7", why)
    refused(lambda: plan_horse(st, k, ["F+1"]), "CH.MOVE.5", f"{lb(H(1, -1))} holds an enemy [CH.MOVE.5]")
    plan = plan_horse(st, k, ["F-1", "F+1", "F0"])  # through the friend's hex (0,1)
    assert (plan.character, plan.steps, plan.mp) == ("K", ("F-1", "F+1", "F0"), 3)
    assert plan.bodies == (Body(H(0, 0), 0), Body(H(0, 1), 5), Body(H(1, 1), 0), Body(H(2, 1), 0))
    why = f"{lb(H(0, 1))} is occupied: a move may pass friends but not end on them [CH.STACK.1]"
    refused(lambda: plan_horse(st, k, ["F-1"]), "CH.STACK.1", why)
    why = f"{lb(H(3, 1))} is off the map [CH.MOVE.12]"
    refused(lambda: plan_horse(st, k, ["F-1", "F+1", "F0", "F0"]), "CH.MOVE.12", why)


def test_CH_HORSE_3_every_mp_may_be_spent() -> None:
    """[CH.HORSE.3] [CH.MOVE.2]: 12 steps on flat ground use a knight's 12 MP exactly; a 13th is refused."""
    st = make()
    k = man(st, "K", "knight", "red", (-6, 0), facing=0)
    assert plan_horse(st, k, ["F0"] * 12).mp == 12
    refused(lambda: plan_horse(st, k, ["F0"] * 13), "CH.MOVE.2", "K needs 13 MP for these steps but has 12")


def test_CH_MOVE_9_window_reasons() -> None:
    """[CH.MOVE.9] [CH.MOVE.6]: a wounded man (by option), an enemy beyond or beside the window, a step along
    the wall, one aperture straight to another: each reason word for word; a friend there stops nobody."""
    st = make(HOUSE, config={"window.wounded_enter": False, "window.enter_test": True})
    w = man(st, "W", "man_at_arms", "red", (0, 1), condition=Condition.WOUNDED)
    assert window_check(st, w, H(0, 1), H(0, 0)) == "a wounded man may not enter a window hex [CH.MOVE.9]"
    u = man(st, "U", "man_at_arms", "red", (-1, 1))
    assert window_check(st, u, H(-1, 1), H(0, 0)) is None
    man(st, "F", "man_at_arms", "red", (0, -1))
    assert window_check(st, u, H(-1, 1), H(0, 0)) is None  # a friend outside
    man(st, "E", "man_at_arms", "blue", (1, -1))
    assert window_check(st, u, H(-1, 1), H(0, 0)) == "an enemy holds the far side of the window [CH.MOVE.9]"
    st2 = make(HOUSE)
    v = man(st2, "V", "man_at_arms", "red", (0, 0))
    why = "from a window a man may step only to either side of the wall [CH.MOVE.9]"
    assert window_check(st2, v, H(0, 0), H(1, 0)) == why
    man(st2, "F", "man_at_arms", "red", (0, -1))
    assert window_check(st2, v, H(0, 0), H(1, -1)) is None  # a friend beside
    man(st2, "E", "man_at_arms", "blue", (0, 1))
    assert window_check(st2, v, H(0, 0), H(-1, 1)) == "an enemy stands beside the window on that side [CH.MOVE.9]"


def test_CH_MOVE_6_aperture_to_aperture() -> None:
    """[CH.MOVE.6]: no step from a door straight to a window of the same wall; between apertures of two
    buildings it is allowed."""
    one = building([(0, 1)], windows=[(0, 0)], doors=[(1, 0)])
    st = make(one)
    d = man(st, "D", "man_at_arms", "red", (1, 0))
    why = "no move from one aperture straight to another of the same wall [CH.MOVE.6]"
    assert window_check(st, d, H(1, 0), H(0, 0)) == why
    two = {**building([(0, 2)], doors=[(0, 1)]), **building([(1, -1)], doors=[(1, 0)])}
    st2 = make(two)
    e = man(st2, "E", "man_at_arms", "red", (0, 1))
    assert st2.board.structure_of(H(0, 1)) is not st2.board.structure_of(H(1, 0))
    assert window_check(st2, e, H(0, 1), H(1, 0)) is None


def test_CH_COMMAND_8_fresh_contacts_of_every_enemy() -> None:
    """[CH.COMMAND.8]: the hexes next to each enemy he is not touching, all of them."""
    st = make()
    u = man(st, "U", "man_at_arms", "red", (0, 0))
    man(st, "A", "peasant", "blue", (5, 0))
    man(st, "B", "peasant", "blue", (-5, 0))
    man(st, "C", "peasant", "blue", (1, 0))  # touching: his neighbours stay open
    fresh = fresh_contacts(st, u, commanded=False)
    assert fresh == Body(H(5, 0)).adjacent() | Body(H(-5, 0)).adjacent()
    assert fresh_contacts(st, u, commanded=True) == frozenset()


def oracle_foot(st: GameState, c: Character) -> dict[Hex, int]:
    """Cheapest cost to every hex, by relaxing every step until nothing changes (no priority queue)."""
    best = {c.hex: 0}
    changed = True
    while changed:
        changed = False
        for h, cost in list(best.items()):
            for n in h.neighbours():
                step, why = foot_step(st, c, h, n, frozenset())
                if not why and cost + step <= st.values(c).move and cost + step < best.get(n, 10**6):
                    best[n], changed = cost + step, True
    return {h: v for h, v in best.items() if h != c.hex and not end_ok(st, c, Body(h))}


def oracle_horse(st: GameState, c: Character) -> dict[Body, int]:
    assert c.body is not None
    best = {c.body: 0}
    changed = True
    while changed:
        changed = False
        for b, cost in list(best.items()):
            for name in HorseStep.ALL:
                nb, entered = horse_step(b, name)
                if horse_ok(st, c, b, nb, entered):
                    continue
                total = cost + horse_cost(st, name, entered)
                if total <= st.values(c).move and total < best.get(nb, 10**6):
                    best[nb], changed = total, True
    return {b: v for b, v in best.items() if b != c.body and not end_ok(st, c, b)}


def field() -> GameState:
    """Scrub, trees, a wall hexside, an enemy and a friend around the centre."""
    st = make({(1, 0): Terrain.SCRUB, (0, 1): Terrain.SCRUB, (-1, 0): Terrain.TREE, (2, -2): Terrain.TREE})
    st.board.wall_sides = frozenset({frozenset((H(0, -1), H(1, -2)))})
    man(st, "E", "peasant", "blue", (1, -1))
    man(st, "F", "peasant", "red", (-1, 2))
    return st


def test_CH_GEOM_11_foot_reach_is_the_cheapest_cost_everywhere() -> None:
    """[CH.GEOM.11] [CH.MOVE.2]: every hex a man can reach, at its cheapest cost, and each path replays to it
    at that cost."""
    st = field()
    x = man(st, "X", "peasant", "red", (0, 0), condition=Condition.WOUNDED)  # 3 MP
    got = reachable_foot(st, x)
    assert {h: v[0] for h, v in got.items()} == oracle_foot(st, x)
    for h, (cost, path) in got.items():
        assert path[-1] == h and plan_foot(st, x, list(path), frozenset()).mp == cost


def test_CH_GEOM_11_horse_reach_is_the_cheapest_cost_everywhere() -> None:
    """[CH.GEOM.11] [CH.HORSE.3]: every (front, facing) a horseman can reach, at its cheapest cost (a step back
    costs double), and each step list replays to it at that cost."""
    st = field()
    slow = replace(TYPES["knight"], mounted=Values(48, 15, 4))
    man(st, "K", "knight", "red", (0, 0), facing=0)
    set_(st, "K", profile=slow)
    k = st.characters["K"]
    got = reachable_horse(st, k)
    assert {b: v[0] for b, v in got.items()} == oracle_horse(st, k)
    for b, (cost, steps) in got.items():
        plan = plan_horse(st, k, list(steps))
        assert (plan.bodies[-1], plan.mp) == (b, cost)


def test_CH_GEOM_11_equal_paths_keep_the_first_found() -> None:
    """[CH.GEOM.11]: of two equally cheap paths the first found is kept (the lower hex first), so the cheapest
    path an order asks for never depends on anything else."""
    st = make()
    x = man(st, "X", "peasant", "red", (0, 0))
    assert reachable_foot(st, x)[H(1, 1)] == (2, (H(0, 1), H(1, 1)))
    k = man(st, "K", "knight", "red", (5, 5), facing=0)
    assert reachable_horse(st, k)[Body(H(4, 5), 3)] == (3, ("P+1", "P+1", "F+1"))  # turned about, not P-1 P-1 F-1
