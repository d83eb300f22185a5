"""Clauses mutation testing of games/cry_havoc/fire.py found unpinned (benchmarks/mutation.py ch:fire): each
refusal's rule ID and words, the crossbow's engaged window, intervening pieces counted once, the lines' order of
choice, slope lips, range, and the shot's column and table [CH.MISSILE.*] [CH.FIRE.*] [CH.COVER.*] [CH.SEQ.*]."""

from __future__ import annotations

import pytest

from campaign.hexgrid import MapSpec, Offset, Orientation
from games.cry_havoc.fire import Shot, Target, aim, obstacles
from games.cry_havoc.geometry import Candidate
from games.cry_havoc.model import Character, Condition
from games.cry_havoc.movement import Illegal
from games.cry_havoc.state import GameState, Step
from games.cry_havoc.tables import Cover, Table, Terrain

from .helpers import ORIGIN, H, building, horse, make, man, set_

TV84 = building([(0, 1), (0, 2), (0, 3), (-1, 1), (-1, 2), (-1, 3)], windows=[(0, 0)], doors=[(0, 4)])
"""The building of TV-84 (as in test_fire.py): window (0,0) between walls, interior south of it, door (0,4)."""


def refused(st: GameState, firer: Character, step: Step, t: Target, code: str, message: str, **kw: object) -> Illegal:
    """The shot is refused under ``code`` with exactly ``message``."""
    with pytest.raises(Illegal) as e:
        aim(st, firer, step, t, **kw)  # type: ignore[arg-type]
    assert (e.value.code, e.value.message) == (code, message)
    return e.value


def range_board() -> tuple[GameState, list[tuple[int, int]]]:
    """A board 100 hexes long and 3 rows deep; the vectors' coordinates of row 2, column by column."""
    spec = MapSpec(100, 3, Orientation.POINTY, Offset.ODD)
    row = [spec.to_hex(c, 2) - ORIGIN for c in range(1, 101)]
    return make(spec=spec), [(h.q, h.r) for h in row]


@pytest.mark.parametrize(
    ("type_", "change", "code", "message"),
    [
        ("knight", {}, "CH.MISSILE.6", "S carries no bow or crossbow"),
        ("shortbowman", {"condition": Condition.DEAD}, "CH.MISSILE.6", "S cannot fire: dead, captured or gone"),
        ("shortbowman", {"condition": Condition.STUNNED}, "CH.MISSILE.6", "S cannot fire: stunned"),
        ("shortbowman", {"mounted": True}, "CH.MISSILE.6", "S is mounted: no missile fire from horseback"),
        ("shortbowman", {"action": "mount X"}, "CH.SEQ.8", "S spends this phase on 'mount X'"),
        ("shortbowman", {"missiles": 0}, "CH.AMMO.3", "S has no missiles left"),
    ],
)
def test_CH_MISSILE_6_who_may_not_fire_is_told_why(
    type_: str, change: dict[str, object], code: str, message: str
) -> None:
    """[CH.MISSILE.6] [CH.SEQ.8] [CH.AMMO.3]: each refusal of a firer names its rule and says why."""
    st = make()
    man(st, "S", type_, "red", (0, 0))
    set_(st, "S", **change)
    t = man(st, "T", "peasant", "blue", (3, 0))
    refused(st, st.characters["S"], Step.SHORTBOW_1, t, code, message)


def test_CH_AMMO_3_one_missile_left_is_enough() -> None:
    """[CH.AMMO.3]: the last missile may be shot."""
    st = make()
    s = man(st, "S", "shortbowman", "red", (0, 0), missiles=1)
    assert aim(st, s, Step.SHORTBOW_1, man(st, "T", "peasant", "blue", (3, 0))).strength == 38


def test_CH_SEQ_2_CH_SEQ_3_wrong_step_says_which_step_and_what_to_write() -> None:
    """[CH.SEQ.2] [CH.SEQ.3]: a bow in the other weapon's step is refused under its own rule, with a hint."""
    st = make()
    s = man(st, "S", "shortbowman", "red", (0, 0))
    x = man(st, "X", "crossbowman", "red", (0, 1))
    t = man(st, "T", "peasant", "blue", (3, 0))
    hint = "use 'fire' for a crossbow or a first shortbow shot, 'fire2' for the second shortbow shot"
    e = refused(st, s, Step.CROSSBOW, t, "CH.SEQ.2", "a shortbow fires in step 1 or 4, not step 2")
    assert e.hint == hint
    e = refused(st, x, Step.SHORTBOW_1, t, "CH.SEQ.3", "a crossbow fires in step 2, not step 1")
    assert e.hint == hint


@pytest.mark.parametrize(
    ("window", "fought", "barred"),
    [
        ("previous_phase", 3, True),
        ("previous_phase", 2, False),
        ("previous_phase", 5, False),
        ("previous_phase", 0, False),
        ("two_phases", 3, True),
        ("two_phases", 2, True),
        ("two_phases", 1, False),
        ("two_phases", 5, False),
    ],
)
def test_CH_SEQ_9_crossbow_after_hand_to_hand(window: str, fought: int, barred: bool) -> None:
    """[CH.SEQ.9] [TV-50]: in phase 4 a crossbowman who fought in phase 3 (or 2, with the two-phase window)
    may not fire; other phases do not count."""
    st = make(config={"seq.crossbow_engaged_window": window})
    st.turn = 3  # red's phase of turn 3 is phase 4
    x = man(st, "X", "crossbowman", "red", (0, 0), fought_phases=(fought,))
    t = man(st, "T", "peasant", "blue", (3, 0))
    if barred:
        msg = "X fought hand-to-hand in the previous phase and may not fire his crossbow"
        refused(st, x, Step.CROSSBOW, t, "CH.SEQ.9", msg)
    else:
        assert aim(st, x, Step.CROSSBOW, t).strength == 60


def test_CH_SEQ_9_only_the_crossbow_is_barred() -> None:
    """[CH.SEQ.9]: a shortbowman who fought in the previous phase shoots."""
    st = make()
    st.turn = 3
    s = man(st, "S", "shortbowman", "red", (0, 0), fought_phases=(3,))
    assert aim(st, s, Step.SHORTBOW_1, man(st, "T", "peasant", "blue", (3, 0))).strength == 38


def test_CH_FIRE_2_illegal_targets_are_told_apart() -> None:
    """[CH.FIRE.2]: a dead horse (of no side) and one's own live horse; a dead man and a man off the map."""
    st = make()
    s = man(st, "S", "shortbowman", "red", (0, 0))
    dead = horse(st, "D", (3, 0), 0, alive=False)
    own = horse(st, "O", (3, 2), 0, side="red")
    why = "{} is not a legal target (dead, or one of your own animals)"
    refused(st, s, Step.SHORTBOW_1, dead, "CH.FIRE.2", why.format("D"))
    refused(st, s, Step.SHORTBOW_1, own, "CH.FIRE.2", why.format("O"))
    assert aim(st, s, Step.SHORTBOW_1, horse(st, "W", (3, -3), 0)).table is Table.MRT_MOUNTED
    for change in ({"condition": Condition.DEAD}, {"body": None}):
        man(st, "T", "peasant", "blue", (0, 3))
        set_(st, "T", **change)
        refused(
            st,
            s,
            Step.SHORTBOW_1,
            st.characters["T"],
            "CH.FIRE.2",
            "T is not a legal target (own side, dead, prisoner or gone)",
        )


def test_CH_FIRE_7_each_intervening_piece_counts_once() -> None:
    """[CH.FIRE.7]: a horseman and a horse across two hexes of the line each count once (their first hex);
    the target's own second hex is not an obstacle."""
    st = make()
    t = man(st, "T", "peasant", "blue", (9, 0))
    man(st, "R", "knight", "red", (2, 0), facing=0)  # (1,0) and (2,0)
    horse(st, "H", (4, 0), 0)  # (3,0) and (4,0)
    line = Candidate("L", frozenset(H(q, 0) for q in range(1, 6)), frozenset())
    assert obstacles(st, line, t) == [H(1, 0), H(3, 0)]
    assert obstacles(st, line, st.animals["H"]) == [H(1, 0)]


def test_CH_FIRE_7_stunned_men_obstruct_only_by_option() -> None:
    """[CH.FIRE.7] option lof.stunned_obstruct off: a stunned man is no obstacle, a standing one is."""
    st = make(config={"lof.stunned_obstruct": False})
    t = man(st, "T", "peasant", "blue", (9, 0))
    man(st, "A", "peasant", "red", (2, 0), condition=Condition.STUNNED)
    man(st, "B", "peasant", "red", (3, 0))
    line = Candidate("L", frozenset(H(q, 0) for q in range(1, 6)), frozenset())
    assert obstacles(st, line, t) == [H(3, 0)]


@pytest.mark.parametrize("piece", ["horseman", "horse"])
def test_CH_FIRE_9_a_two_hex_piece_next_to_the_target(piece: str) -> None:
    """[CH.FIRE.9]: a horseman (or horse) in the line whose other hex touches the target is "next to the
    target", though the hex named for him (his first on the line) is not."""
    st = make()
    s = man(st, "S", "shortbowman", "red", (0, 0))
    t = man(st, "T", "peasant", "blue", (6, 0))
    if piece == "horseman":
        man(st, "R", "knight", "red", (5, 0), facing=0)  # (4,0) and (5,0)
    else:
        horse(st, "R", (5, 0), 0)
    where = st.board.label(H(4, 0))
    refused(st, s, Step.SHORTBOW_1, t, "CH.FIRE.9", f"the man at {where} stands next to the target [CH.FIRE.9]")


def test_CH_FIRE_8_CH_FIRE_9_overfire_reasons() -> None:
    """[CH.FIRE.8]: a crossbow never shoots over a man; [CH.FIRE.9]: a shortbow over men only at a target in
    no or light cover. The reasons, word for word."""
    st = make({(6, 0): Terrain.DOOR})
    x = man(st, "X", "crossbowman", "red", (0, 0))
    t = man(st, "T", "peasant", "blue", (6, 0))
    man(st, "M", "peasant", "red", (2, 0))
    refused(st, x, Step.CROSSBOW, t, "CH.FIRE.8", "a crossbow may not shoot over another man [CH.FIRE.8]")
    del st.characters["X"]
    s = man(st, "S", "shortbowman", "red", (0, 0))
    msg = "a shortbow may shoot over men only at a target in no or light cover [CH.FIRE.9]"
    refused(st, s, Step.SHORTBOW_1, t, "CH.FIRE.9", msg)


def test_CH_FIRE_12_forbid_option() -> None:
    """[CH.FIRE.12] option lof.aperture_overfire "forbid": no shooting over men from a window, or into a door;
    over men in the open it is still allowed."""
    why = "no shooting over men from a window or into a door [CH.FIRE.12]"
    st = make(TV84, config={"lof.aperture_overfire": "forbid"})
    w = man(st, "W", "shortbowman", "red", (0, 0))
    t = man(st, "T", "peasant", "blue", (0, -6))
    man(st, "M", "peasant", "red", (0, -3))
    refused(st, w, Step.SHORTBOW_1, t, "CH.FIRE.12", why)
    st2 = make({(6, 0): Terrain.DOOR}, config={"lof.aperture_overfire": "forbid"})
    s = man(st2, "S", "shortbowman", "red", (0, 0))
    man(st2, "M", "peasant", "red", (2, 0))
    refused(st2, s, Step.SHORTBOW_1, man(st2, "D", "peasant", "blue", (6, 0)), "CH.FIRE.12", why)
    st2.characters.pop("D")
    assert aim(st2, s, Step.SHORTBOW_1, man(st2, "T", "peasant", "blue", (5, 0))).intervening == 1


def test_CH_FIRE_4_a_line_off_the_board_is_open() -> None:
    """[CH.FIRE.4]: hexes of a line that lie off the map block nothing (read as flat)."""
    st = make(off=[(2, 0)])
    s = man(st, "S", "shortbowman", "red", (0, 0))
    assert aim(st, s, Step.SHORTBOW_1, man(st, "T", "peasant", "blue", (4, 0))).range == 4


def test_CH_TERRAIN_13_corners_block_only_by_option() -> None:
    """[CH.TERRAIN.13]: a building corner in the line blocks only with lof.corner_blocks, and then only the
    corner (open hexes never)."""
    st = make({(2, 0): Terrain.CORNER})
    s = man(st, "S", "shortbowman", "red", (0, 0))
    assert aim(st, s, Step.SHORTBOW_1, man(st, "T", "peasant", "blue", (4, 0))).range == 4
    st2 = make({(2, 0): Terrain.CORNER}, config={"lof.corner_blocks": True})
    s2 = man(st2, "S", "shortbowman", "red", (0, 0))
    msg = f"the building corner at {st2.board.label(H(2, 0))} blocks the line [CH.TERRAIN.13]"
    refused(st2, s2, Step.SHORTBOW_1, man(st2, "T", "peasant", "blue", (4, 0)), "CH.TERRAIN.13", msg)
    assert aim(st2, s2, Step.SHORTBOW_1, man(st2, "U", "peasant", "blue", (0, 4))).range == 4


def test_CH_TERRAIN_12_a_wall_on_a_hexside_blocks_with_reason() -> None:
    """[CH.TERRAIN.12]: the reason, word for word."""
    st = make()
    st.board.wall_sides = frozenset({frozenset((H(0, 0), H(1, 0)))})
    x = man(st, "X", "crossbowman", "red", (0, 0))
    msg = "the line crosses a wall drawn on a hexside [CH.TERRAIN.12]"
    refused(st, x, Step.CROSSBOW, man(st, "T", "peasant", "blue", (2, 0)), "CH.TERRAIN.12", msg)


def test_CH_FIRE_10_CH_FIRE_11_CH_FIRE_14_aperture_reasons() -> None:
    """[CH.FIRE.10] [CH.FIRE.11] [CH.FIRE.14]: the reasons, word for word (positions of TV-72, TV-74)."""
    st = make(TV84)
    far = man(st, "F", "crossbowman", "red", (0, -3))
    msg = (
        "a man inside a building may be shot only from inside, or through a window the firer stands next to"
        " [CH.FIRE.11]"
    )
    refused(st, far, Step.CROSSBOW, man(st, "T", "man_at_arms", "blue", (0, 2)), "CH.FIRE.11", msg)
    st2 = make(TV84)
    w = man(st2, "W", "crossbowman", "red", (0, 0))
    msg = "the line passes more than one door or window [CH.FIRE.10]"
    refused(st2, w, Step.CROSSBOW, man(st2, "O", "man_at_arms", "blue", (0, 6)), "CH.FIRE.10", msg)
    st3 = make(TV84)
    deep = man(st3, "B", "crossbowman", "red", (0, 2))
    msg = "from inside a building a man may fire out only through a window next to him [CH.FIRE.14]"
    refused(st3, deep, Step.CROSSBOW, man(st3, "T", "man_at_arms", "blue", (0, -3)), "CH.FIRE.14", msg)


def test_CH_COVER_4_only_the_target_s_own_slope_lip_counts() -> None:
    """[CH.COVER.4]: the line crosses the top lip of another slope on its way: no cover; across the target's own
    lip from two hexes away: medium [CH.COVER.5]."""
    lips = [((0, 0), (0, -1)), ((0, 0), (1, -1)), ((0, 3), (0, 4))]
    st = make({(0, 0): Terrain.SLOPE, (0, 3): Terrain.SLOPE}, lips=lips)
    t = man(st, "T", "man_at_arms", "blue", (0, 0))
    assert aim(st, man(st, "F", "crossbowman", "red", (0, 5)), Step.CROSSBOW, t).cover is Cover.NONE
    assert aim(st, man(st, "G", "crossbowman", "red", (0, -2)), Step.CROSSBOW, t).cover is Cover.MEDIUM


def test_CH_PBEM_5_the_firer_s_line_is_used() -> None:
    """[CH.PBEM.5] [CH.FIRE.4]: "line L" or "line R" is obeyed (even over a man the other line avoids); a name
    that is neither finds no line."""
    st = make()
    s = man(st, "S", "shortbowman", "red", (0, 0))
    t = man(st, "T", "peasant", "blue", (4, 1))
    man(st, "M", "peasant", "red", (1, 1))  # on L only
    shot = aim(st, s, Step.SHORTBOW_1, t, line="L")
    assert (shot.line, shot.intervening) == ("L", 1)
    assert aim(st, s, Step.SHORTBOW_1, t, line="R").line == "R"
    refused(st, s, Step.SHORTBOW_1, t, "CH.FIRE.4", "no line of fire", line="X")


def test_CH_PBEM_5_default_line_fewer_men_then_lighter_cover() -> None:
    """[CH.PBEM.5]: by default the lighter cover first, then fewer men: a crossbow blocked on L by a man shoots
    along R; a shortbow takes R with no man rather than L over one; and R over a man rather than L across the
    target's slope lip."""
    st = make()
    x = man(st, "X", "crossbowman", "red", (0, 0))
    t = man(st, "T", "peasant", "blue", (4, 1))
    man(st, "M", "peasant", "red", (1, 1))  # on L only
    assert aim(st, x, Step.CROSSBOW, t).line == "R"
    s = man(st, "S", "shortbowman", "red", (0, 0))
    del st.characters["X"]
    shot = aim(st, s, Step.SHORTBOW_1, t)
    assert (shot.line, shot.intervening) == ("R", 0)
    st2 = make({(0, 0): Terrain.SLOPE}, lips=[((0, 0), (0, -1))])
    t2 = man(st2, "T", "peasant", "blue", (0, 0))
    s2 = man(st2, "S", "shortbowman", "red", (2, -4))  # L crosses the lip, R does not
    man(st2, "M", "peasant", "red", (2, -3))  # on R only
    shot = aim(st2, s2, Step.SHORTBOW_1, t2)
    assert (shot.line, shot.cover, shot.intervening) == ("R", Cover.NONE, 1)


def test_CH_MISSILE_2_out_of_range() -> None:
    """[CH.MISSILE.2]: a target beyond the bow's reach is out of range, also when the line is blocked too; a
    horseman whose rear is in range is shot at his rear."""
    st, row = range_board()
    s = man(st, "S", "shortbowman", "red", row[0])
    t = man(st, "T", "peasant", "blue", row[80])
    msg = "T is 80 hexes away: out of range for a shortbow"
    refused(st, s, Step.SHORTBOW_1, t, "CH.MISSILE.2", msg)
    st.board.terrain[H(*row[40])] = Terrain.TREE
    refused(st, s, Step.SHORTBOW_1, t, "CH.MISSILE.2", msg)
    st.board.terrain[H(*row[40])] = Terrain.FLAT
    k = man(st, "K", "knight", "blue", row[76], facing=0)  # front 76 hexes away, rear 75
    assert aim(st, s, Step.SHORTBOW_1, k).hex == H(*row[75])


def test_CH_FIRE_3_a_horseman_s_hexes() -> None:
    """[CH.FIRE.3] [CH.PBEM.4]: the firer may name either hex of a horseman, not another; when the front is
    hidden by trees the rear is shot at."""
    st = make()
    f = man(st, "F", "crossbowman", "red", (0, 0))
    k = man(st, "K", "knight", "blue", (5, 0), facing=2)  # front (5,0), rear (5,1)
    assert aim(st, f, Step.CROSSBOW, k, hex_=H(5, 1)).hex == H(5, 1)
    assert aim(st, f, Step.CROSSBOW, k).hex == H(5, 0)
    msg = f"{st.board.label(H(6, 0))} is not one of K's hexes"
    refused(st, f, Step.CROSSBOW, k, "CH.FIRE.3", msg, hex_=H(6, 0))
    st.board.terrain[H(4, 0)] = Terrain.TREE
    assert aim(st, f, Step.CROSSBOW, k).hex == H(5, 1)


def test_CH_COVER_6_CH_COVER_2_infinite_cover_reasons() -> None:
    """[CH.COVER.6]: half a horseman behind a wall (position of TV-92); [CH.COVER.2]: a man in a hex of infinite
    cover. The reasons, word for word."""
    st = make({(2, 1): Terrain.WALL, (3, 1): Terrain.WALL})
    f = man(st, "F", "crossbowman", "red", (0, 0))
    k = man(st, "K", "knight", "blue", (4, 0), facing=2)
    msg = "half of K is behind a wall: the whole horseman is in infinite cover"
    refused(st, f, Step.CROSSBOW, k, "CH.COVER.6", msg)
    st2 = make({(3, 0): Terrain.WALL})
    f2 = man(st2, "F", "crossbowman", "red", (0, 0))
    refused(st2, f2, Step.CROSSBOW, man(st2, "T", "peasant", "blue", (3, 0)), "CH.COVER.2", "T is in infinite cover")


def test_CH_ODDS_3_a_shot_below_one_to_one() -> None:
    """[CH.ODDS.3] [CH.COVER.2]: 38 against a mounted knight's 15 in medium cover is 2-1 moved two columns
    down: not permitted, said with the strengths and the cover."""
    st = make({(5, 0): Terrain.DOOR, (6, 0): Terrain.DOOR})
    s = man(st, "S", "shortbowman", "red", (0, 0))
    k = man(st, "K", "knight", "blue", (5, 0), facing=3)
    msg = "38 against 15 with medium cover is below 1-1: not permitted"
    refused(st, s, Step.SHORTBOW_1, k, "CH.ODDS.3", msg)


def test_CH_TADV_4_cap_after_shift_for_missiles() -> None:
    """[CH.TADV.4] option odds.cap_after_shift: 60 against 1 in light cover is read on 12-1 then moved down
    (11), or moved from 60-1 and capped (12)."""
    shots: list[Shot] = []
    for cap in (False, True):
        st = make({(3, 0): Terrain.SCRUB}, config={"odds.cap_after_shift": cap})
        x = man(st, "X", "crossbowman", "red", (0, 0))
        t = man(st, "T", "civilian", "blue", (3, 0), condition=Condition.WOUNDED)  # defence 1
        shots.append(aim(st, x, Step.CROSSBOW, t))
    assert [s.column for s in shots] == [11, 12]
    assert shots[0].table is Table.MRT_INFANTRY
