"""The order language on the kit's grammar tables: every error, "did you mean", rule IDs as codes [HH.PD.*].

The canonical text and the stored JSON are pinned here: old logs must replay identically.
"""

from __future__ import annotations

import pytest

from campaign.hexgrid import MapSpec, Orientation
from games.hordes_heroes import language as L
from games.hordes_heroes import orders as O
from games.hordes_heroes.geometry import Facing
from games.hordes_heroes.model import Formation

SPEC = MapSpec(18, 13, Orientation.POINTY)
NAMES = {1: "Mounted Men-at-Arms", 2: "Retinue Longbowmen", 3: "Levy Billmen", 4: "Levy Bowmen", 12: "Genoese"}
BOARD = L.Board(SPEC, NAMES, frozenset({1}))


def errors(text: str, context: O.Context = O.Context.BOUND) -> list[tuple[int, int, str, str, str]]:
    _, errs = L.read(text, context, BOARD)
    return [(e.line, e.column, e.code, e.message, e.hint) for e in errs]


def test_every_error_of_a_message_is_collected_with_line_and_column():
    """HH.PD.7: four bad lines, four errors, in order, each where the bad word starts."""
    text = "mv 3 0405\nmove 3 0405\nmove 3 0405 face south\nmove x 0405\nmove 2 9999\n"
    got = errors(text)
    assert [(n, col) for n, col, *_ in got] == [(1, 1), (3, 18), (4, 6), (5, 8)]


def test_two_mistakes_on_one_line_are_both_reported():
    """A move with an unknown word and a bad facing: both, not just the first."""
    got = errors("move 3 0405 wheel 0406 face south")
    assert [(col, code) for _, col, code, _, _ in got] == [(13, "HH.PD.7"), (29, "syntax")]


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("mv 3 0405", "did you mean 'move'?"),
        ("shot 2 at 12", "did you mean 'shoot'?"),
        ("move 3 0405 face south", "did you mean 'S'?"),
        ("move 3 wheel", "did you mean 'face'?"),
        ("move 3 0405 colum", "did you mean 'column'?"),
        ('move 2 "Levy Bowmen" 0405', "did you mean unit 4 (Levy Bowmen)"),
        ("move bowmen 0405", "did you mean unit 4 (Levy Bowmen)"),
        ("rally 3 face nroth", "did you mean 'N'?"),
    ],
)
def test_did_you_mean_for_verbs_facings_words_and_unit_names(text, hint):
    got = errors(text)
    assert len(got) == 1 and hint in got[0][4], got


def test_did_you_mean_for_standing_orders_and_edges():
    """HH.PD.4, HH.PD.15: the standing-order names and the edges suggest the close word."""
    assert "did you mean 'evade'?" in errors("standing evde yes", O.Context.STANDING)[0][4]
    (got,) = errors("edge nort", O.Context.INITIATIVE)
    assert got[2] == "HH.PD.4" and "did you mean 'north'?" in got[4]


@pytest.mark.parametrize(
    ("text", "context", "code"),
    [
        ("unit 1 0405", O.Context.DEPLOYMENT, "HH.MOVE.8"),
        ("unit 1 0405 face N wedge", O.Context.DEPLOYMENT, "HH.PD.5"),
        ("deploy maybe", O.Context.INITIATIVE, "HH.PD.3"),
        ("standing general 1 evade yes", O.Context.STANDING, "HH.GEN.20"),
        ("standing evade perhaps", O.Context.STANDING, "HH.PD.15"),
        ("general 1", O.Context.BOUND, "HH.PD.6"),
        ("general 7 0405", O.Context.BOUND, "HH.PD.6"),
        ("move 3", O.Context.BOUND, "HH.PD.7"),
        ("single 3 0405 sideways", O.Context.BOUND, "HH.MOVE.17"),
        ("rally 3 backwards", O.Context.BOUND, "HH.PD.13"),
        ("shoot 2 12", O.Context.BOUND, "HH.PD.22"),
        ("shoot 2 at", O.Context.BOUND, "HH.PD.22"),
        ("suppress 2 12", O.Context.BOUND, "HH.PD.21"),
        ("fight 3 12", O.Context.BOUND, "HH.PD.27"),
        ("follow-up 3 maybe", O.Context.BOUND, "HH.PD.33"),
        ("pursue 3 maybe", O.Context.BOUND, "HH.PD.37"),
        ("embark 3 into 12", O.Context.BOUND, "HH.TERR.45"),
    ],
)
def test_error_codes_are_rule_ids_where_a_rule_applies(text, context, code):
    got = errors(text, context)
    assert [c for _, _, c, _, _ in got] == [code], got


def test_an_order_of_another_phase_is_unknown_with_the_phase_orders_listed():
    (got,) = errors("move 3 0405", O.Context.DEPLOYMENT)
    assert got[3] == "unknown order 'move'" and "(orders: general, unit)" in got[4]


def test_a_missing_word_gets_the_usage():
    (got,) = errors("swap 3")
    assert "usage: swap A B" in got[4]


# --- the canonical text and the stored JSON do not change ---------------------------------------------

GOLDEN = [
    (
        'move 2 "Retinue Longbowmen" 0405 0406 face N column target 12',
        'move 2 "Retinue Longbowmen" 0405 0406 face N column target 12',
        {
            "kind": "Move",
            "line": 1,
            "unit": 2,
            "tokens": [["hex", 1, 4], ["hex", 1, 5], ["face", 3], ["formation", "column"]],
            "target": 12,
        },
    ),
    ("single 3 face ESE deployed", 'single 3 "Levy Billmen" face ESE deployed', None),
    ("swap 3 4 face keep N", 'swap 3 "Levy Billmen" 4 "Levy Bowmen" face keep N', None),
    ("shoot 2 at 12 12 face p0", 'shoot 2 "Retinue Longbowmen" at 12 12 face ENE', None),
    ("SHOOT 2 NONE", 'shoot 2 "Retinue Longbowmen" none', None),
    (
        "general 1 0405 0506",
        "general 1 0405 0506",
        {"kind": "GeneralMove", "line": 1, "general": 1, "path": [[1, 4], [2, 5]]},
    ),
    ("follow-up general 1 yes", "follow-up general 1 yes", None),
    ("combine 3 4 at 0405", 'combine 3 "Levy Billmen" 4 "Levy Bowmen" at 0405', None),
    ("rally 3 face S column", 'rally 3 "Levy Billmen" face S column', None),
    ("hold-fire 12", 'hold-fire 12 "Genoese"', {"kind": "HoldFire", "line": 1, "unit": 12, "on": True}),
]


@pytest.mark.parametrize(("text", "canon", "stored"), GOLDEN)
def test_canonical_text_and_stored_json_are_unchanged(text, canon, stored):
    """What the log stores and what the player sees echoed are fixed: old logs replay identically."""
    (order,), errs = L.read(text, O.Context.BOUND, BOARD)
    assert not errs
    assert O.order_text(order, SPEC, NAMES) == canon
    data = O.order_to_json(order)
    if stored is not None:
        assert data == stored
    assert O.order_from_json(data) == order
    (again,), _ = L.read(canon, O.Context.BOUND, BOARD)
    assert again == order


def test_deployment_and_standing_lines_read_as_before():
    """HH.PD.5, HH.PD.15: the deployment and standing lines give the same order objects as ever."""
    (d,), _ = L.read("unit 3 0405 face N column dismounted no-pavisses", O.Context.DEPLOYMENT, BOARD)
    assert d == O.DeployUnit(1, 3, SPEC.parse("0405"), Facing.N, Formation.COLUMN, True, False)
    (s,), _ = L.read("standing unit 3 evade no", O.Context.STANDING, BOARD)
    assert s == O.StandingOrder(1, "evade", False, 3, None)
    assert O.order_to_json(s) == {
        "kind": "StandingOrder",
        "line": 1,
        "key": "evade",
        "value": False,
        "unit": 3,
        "general": None,
    }
