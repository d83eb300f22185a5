"""The board-picture model and the style sheet: what a game may describe, and what is refused."""

from __future__ import annotations

import pytest

from campaign.hexgrid import Hex, MapSpec, Orientation
from campaign.render import (
    DEFAULT_STYLES,
    Arrow,
    ArrowKind,
    BoardPicture,
    Counter,
    General,
    HexSideFeature,
    HexTerrain,
    Pattern,
    PictureError,
    Side,
    TerrainStyle,
)

SPEC = MapSpec(6, 4, Orientation.POINTY)
RED = Side("red", "Red", "#aa0000")


def test_unknown_terrain_is_refused_naming_the_hex_and_the_fix() -> None:
    with pytest.raises(PictureError) as err:
        BoardPicture("t", SPEC, terrain=(HexTerrain(SPEC.parse("0203"), "lava"),))
    assert "'lava'" in str(err.value)
    assert "0203" in str(err.value)
    assert "TerrainStyle" in str(err.value)


def test_every_problem_is_reported_at_once() -> None:
    with pytest.raises(PictureError) as err:
        BoardPicture(
            "t",
            SPEC,
            sides=(RED,),
            counters=(
                Counter("A", "blue", SPEC.parse("0101")),
                Counter("B", "red", SPEC.parse("0102"), facing=12),
                Counter("C", "red", Hex(40, 40)),
            ),
            arrows=(Arrow(ArrowKind.MOVE, (SPEC.parse("0101"),)),),
        )
    problems = err.value.problems
    assert len(problems) == 4
    assert any("unknown side 'blue'" in p for p in problems)
    assert any("facing 12" in p for p in problems)
    assert any("off the map" in p for p in problems)
    assert any("at least two hexes" in p for p in problems)


def test_facings_run_from_0_to_11() -> None:
    for facing in range(12):
        BoardPicture("t", SPEC, sides=(RED,), counters=(Counter("A", "red", SPEC.parse("0101"), facing),))
    with pytest.raises(PictureError):
        BoardPicture("t", SPEC, sides=(RED,), counters=(Counter("A", "red", SPEC.parse("0101"), -1),))


def test_more_stands_than_full_strength_is_refused() -> None:
    with pytest.raises(PictureError, match="full_stands"):
        BoardPicture(
            "t", SPEC, sides=(RED,), counters=(Counter("A", "red", SPEC.parse("0101"), stands=5, full_stands=4),)
        )


def test_general_of_unknown_side_and_unknown_hexside_feature_are_refused() -> None:
    with pytest.raises(PictureError) as err:
        BoardPicture(
            "t",
            SPEC,
            generals=(General("G", "red", SPEC.parse("0101")),),
            hexside_features=(HexSideFeature(SPEC.parse("0101"), 0, "moat"),),
        )
    assert len(err.value.problems) == 2


def test_hordes_and_heroes_keys_all_have_styles() -> None:
    for key in ("good_going", "open", "broken", "woodland", "river", "stream", "lake", "bua", "impenetrable"):
        assert DEFAULT_STYLES.terrain_style(key) is not None, key
    for key in ("wall", "fence", "stakes", "steep", "river", "stream", "road", "ford", "bridge"):
        assert DEFAULT_STYLES.hexside_style(key) is not None, key
    for key in ("ford", "bridge"):
        assert DEFAULT_STYLES.hex_feature_style(key) is not None, key
    assert DEFAULT_STYLES.route_style("road") is not None


def test_cry_havoc_and_proconsul_keys_have_styles() -> None:
    for key in (
        "field",
        "rough",
        "marsh",
        "town",
        "hill",
        "hilltop",
        "slope",
        "scrub",
        "tree",
        "woods",
        "flat",
        "plain",
        "interior",
        "wall",
        "door",
        "window",
        "corner",
        "impassable",
    ):
        assert DEFAULT_STYLES.terrain_style(key) is not None, key
    for key in ("door", "window", "creek", "field_defence", "hedge"):
        assert DEFAULT_STYLES.hexside_style(key) is not None, key


def test_aliases_resolve_to_the_builtin_style() -> None:
    assert DEFAULT_STYLES.terrain_style("town") == DEFAULT_STYLES.terrain_style("bua")
    assert DEFAULT_STYLES.terrain_style("woods") == DEFAULT_STYLES.terrain_style("woodland")
    assert DEFAULT_STYLES.hexside_style("escarpment") == DEFAULT_STYLES.hexside_style("steep")


def test_every_terrain_but_open_ground_carries_a_pattern_for_greyscale() -> None:
    plain = [t.key for t in DEFAULT_STYLES.terrain if t.pattern is Pattern.NONE]
    assert plain == ["good_going"]
    looks = [(t.pattern, t.fill) for t in DEFAULT_STYLES.terrain]
    assert len(set(looks)) == len(looks), "two terrains would look the same"


def test_a_game_adds_its_own_terrain_without_touching_the_defaults() -> None:
    lava = TerrainStyle("lava", "Lava", "#ff5500", Pattern.DOTS, "#330000")
    woods = TerrainStyle("woodland", "Dark wood", "#225522", Pattern.TREES)
    sheet = DEFAULT_STYLES.extended(lava, woods)
    assert sheet.terrain_style("lava") == lava
    assert sheet.terrain_style("woodland") == woods
    assert DEFAULT_STYLES.terrain_style("lava") is None
    assert DEFAULT_STYLES.terrain_style("woodland") != woods
    picture = BoardPicture("t", SPEC, terrain=(HexTerrain(SPEC.parse("0101"), "lava"),), styles=sheet)
    assert picture.styles.terrain_style("lava") == lava


def test_equal_pictures_are_equal_and_hashable() -> None:
    def make() -> BoardPicture:
        return BoardPicture("t", SPEC, sides=(RED,), counters=(Counter("A", "red", SPEC.parse("0101"), 3),))

    assert make() == make()
    assert hash(make()) == hash(make())
