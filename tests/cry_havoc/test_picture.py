"""The board picture and the text board: buildings, doors and windows, two-hex horsemen, the last
phase's shot, attacks and retreat [CH.HORSE.1] [CH.FIRE.1] [CH.COVER.9] [CH.COMBAT.4] [CH.RETREAT.1]."""

from __future__ import annotations

from campaign.kit.scenario_file import TomlDocument
from campaign.kit.scripted import ScriptedDice
from campaign.picture import ArrowKind
from games.cry_havoc import RULESET
from games.cry_havoc.scenario import build_state
from games.cry_havoc.state import GameState

SHOWCASE = """
title = "Showcase"
map = "village"
turns = 3
sides = ["raiders", "villagers"]
first = "villagers"
[victory]
kind = "points"
[[characters]]
id = "R1"
type = "knight"
side = "raiders"
mounted = true
at = "0909"
facing = "E"
[[characters]]
id = "R3"
type = "man_at_arms"
side = "raiders"
at = "1206"
[[characters]]
id = "R5"
type = "man_at_arms"
side = "raiders"
at = "1310"
[[characters]]
id = "V2"
type = "crossbowman"
side = "villagers"
at = "0805"
[[characters]]
id = "V1"
type = "man_at_arms"
side = "villagers"
at = "1106"
[[characters]]
id = "V4"
type = "man_at_arms"
side = "villagers"
at = "1105"
[[characters]]
id = "V5"
type = "man_at_arms"
side = "villagers"
at = "1107"
"""


def showcase() -> tuple[GameState, GameState, list[str]]:
    """V2 shoots from the cottage window at R5 in a corner hex; V1, V4 and V5 attack R3, who falls back."""
    st = build_state("showcase", doc=TomlDocument.parse(SHOWCASE, "showcase.toml"))
    text = "fire V2 at R5\nattack R3 with V1 V4 V5\n"
    st2 = RULESET.apply_orders(st, RULESET.parse_orders(st, "villagers", text))
    res = RULESET.resolve(st2, ScriptedDice.of(10, 10, 9))
    return st, res.state, res.narrative


def test_showcase_shot_through_window_with_corner_cover_and_three_against_one() -> None:
    """[CH.FIRE.12] [CH.COVER.9] [CH.COMBAT.4] [CH.CRT.4]: the shot leaves through the window the firer
    stands in, the corner gives medium cover against him; three men against one at 8-1, die 9: C, he retreats."""
    before, after, lines = showcase()
    shot = next(line for line in lines if line.startswith("V2 fires"))
    assert "medium cover" in shot and "line" in shot
    fight = next(line for line in lines if line.startswith("V1+V4+V5"))
    assert "48 vs 6" in fight and "8-1" in fight and ": C." in fight
    assert after.characters["R3"].hex != before.characters["R3"].hex
    assert after.nominees == {"R5": "V2"}


def test_picture_draws_buildings_horsemen_and_the_last_phase() -> None:
    """[CH.GEOM.13]: the picture: door and window sides, slope lips, both hexes of the horseman, the shot,
    the attacks, the retreat."""
    _, after, _ = showcase()
    pic = RULESET.picture(after)
    kinds = {f.kind for f in pic.hexside_features}
    assert {"door", "window", "steep"} <= kinds
    names = {(c.name, after.board.label(c.hex)) for c in pic.counters}
    assert ("R1", "0909") in names and ("r1", "0809") in names  # front and rear of the two-hex horseman
    arrows = {a.kind for a in pic.arrows}
    assert {ArrowKind.SHOT, ArrowKind.ATTACK, ArrowKind.RETREAT} <= arrows
    terrain = {t.terrain for t in pic.terrain}
    assert {"interior", "wall", "door", "window", "corner"} <= terrain


def test_text_board_and_view() -> None:
    """render_text shows the map rows and every man; view lists characters with values and places."""
    _, after, _ = showcase()
    text = RULESET.render_text(after)
    assert "R1" in text and "0909/0809" in text and text.count("\n") > 20
    v = RULESET.view(after)
    r1 = next(c for c in v["characters"] if c["id"] == "R1")
    assert r1["mounted"] and r1["at"] == "0909/0809" and r1["values"] == [48, 15, 12]
