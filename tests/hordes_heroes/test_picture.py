"""The Hordes & Heroes board picture: what `picture.picture` draws for a state [HH.DATA.4-6].

Board states come from bot games (`bot.self_play`) so every shipped scenario is drawn after
deployment and after a few bounds; small hand-built states check single features.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest

from campaign.render import ArrowKind, Formation, Status, render_png, render_svg
from games.hordes_heroes import RULESET as R
from games.hordes_heroes.geometry import direction, side_key
from games.hordes_heroes.picture import SIDE_LOOKS, counter_name, picture, short_name
from games.hordes_heroes.selfplay import self_play
from games.hordes_heroes.state import GameState, Phase

from .helpers import Facing, H, make_state
from .test_bot import SeededDice

OUTPUT = Path(__file__).resolve().parent.parent / "output"
SCENARIOS = [s.name for s in R.scenarios()]
SVG_NS = "{http://www.w3.org/2000/svg}"


def deployed(state: GameState) -> bool:
    return state.phase not in (Phase.INITIATIVE, Phase.DEPLOYMENT)


def after_bounds(n: int):
    """A stop condition: `n` bounds resolved after deployment (or the game is over)."""
    seen: list[tuple[int, str | None]] = []

    def stop(state: GameState) -> bool:
        if deployed(state) and (state.turn, state.phasing) not in seen:
            seen.append((state.turn, state.phasing))
        return len(seen) > n or state.phase is Phase.GAME_OVER

    return stop


def board(scenario: str, bounds: int, seed: int = 1) -> GameState:
    return self_play(scenario, seed, SeededDice(seed), until=after_bounds(bounds)).state


def svg_text(svg: str) -> str:
    """Every piece of text in the SVG: drawn labels and tooltips."""
    root = ET.fromstring(svg)
    return "\n".join(t for t in root.itertext())


@pytest.mark.parametrize("bounds", [0, 3])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_scenario_draws_as_svg_and_png_naming_every_unit_on_the_table(scenario, bounds):
    """After deployment and after a few bounds: valid XML naming each unit on the map, a PNG too."""
    state = board(scenario, bounds)
    before = R.dump(state)
    pic = picture(state, None, "")
    assert R.dump(state) == before, "drawing must not change the state"
    svg = render_svg(pic)
    text = svg_text(svg)
    on_table = state.live_units()
    assert on_table
    for u in on_table:
        assert counter_name(u) in text
    for u in state.units.values():
        if not u.on_table:
            assert all(c.name != counter_name(u) for c in pic.counters)
    assert len(pic.counters) == len(on_table)
    png = render_png(pic)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / f"hh-{scenario}-{bounds}.png").write_bytes(png)


def test_undeployed_units_and_generals_are_not_drawn():
    """Before deployment nothing is on the table: the map alone, with its terrain."""
    state = R.setup("pitched-150", {})
    pic = picture(state, None, "")
    assert pic.counters == () and pic.generals == ()
    assert "initiative" in pic.subtitle
    ET.fromstring(render_svg(pic))


def test_eliminated_units_and_lost_generals_are_not_drawn():
    state = R.setup("skirmish-midbattle", {})
    state.units[2] = replace(state.units[2], hex=None, eliminated=True, stands=0)
    state.generals[2] = replace(state.generals[2], alive=False)
    pic = picture(state, None, "")
    assert {c.name for c in pic.counters} == {counter_name(u) for u in state.live_units()}
    assert "2 RL" not in {c.name for c in pic.counters}
    assert [g.name for g in pic.generals] == ["G1"]


def test_counters_carry_facing_formation_stands_and_status_markers():
    """Mid-battle start: a disrupted unit, an SC marker, a Hold Fire marker, a column, lost stands."""
    state = R.setup("skirmish-midbattle", {})
    by_id = {c.name.split()[0]: c for c in picture(state, None, "").counters}
    assert by_id["1"].facing == int(Facing.N) == 3 and by_id["11"].facing == int(Facing.S) == 9
    assert Status.DISRUPTED in by_id["3"].status
    assert Status.STATIC_COMBAT in by_id["12"].status
    assert Status.HOLD_FIRE in by_id["13"].status
    assert by_id["4"].formation is Formation.COLUMN and by_id["1"].formation is Formation.DEPLOYED
    assert (by_id["2"].stands, by_id["2"].full_stands) == (3, 4)
    assert (by_id["5"].stands, by_id["5"].full_stands) == (2, 4)


def test_generals_are_discs_marked_hero_and_commander_in_chief():
    state = board("pitched-150", 0)
    gens = {g.name: g for g in picture(state, None, "").generals}
    assert gens["G1"].hero and gens["G1"].chief  # the Grand Commander is a hero C-in-C
    assert not gens["G2"].hero and not gens["G2"].chief
    assert gens["G3"].chief and not gens["G3"].hero
    for gid, g in state.generals.items():
        assert gens[f"G{gid}"].hex == g.hex and gens[f"G{gid}"].side == g.side


def test_two_sides_in_distinct_colour_blind_safe_colours():
    state = R.setup("intro-50", {})
    pic = picture(state, None, "")
    assert [s.key for s in pic.sides] == ["york", "valois"]
    assert [(s.colour, s.ink) for s in pic.sides] == list(SIDE_LOOKS)
    assert pic.sides[0].colour != pic.sides[1].colour


def test_terrain_elevation_walls_and_steep_sides_of_the_pitched_battle():
    """Woods, BUA, broken, lake, impenetrable as style keys; hill level 1; walls; steep sides owned uphill."""
    state = R.setup("pitched-150", {})
    spec = state.field.spec
    pic = picture(state, None, "")
    terrain = {spec.label(t.hex): (t.terrain, t.elevation) for t in pic.terrain}
    assert terrain["0303"] == ("woodland", 0)
    assert terrain["1006"] == ("bua", 0)
    assert terrain["1209"] == ("broken", 0)
    assert terrain["1801"] == ("lake", 0)
    assert terrain["0111"] == ("impenetrable", 0)
    assert terrain["0809"] == ("good_going", 1)
    sides = {(spec.label(f.hex), spec.label(f.hex.neighbour(f.direction)), f.kind) for f in pic.hexside_features}
    assert ("0809", "0810", "steep") in sides and ("0909", "0910", "steep") in sides
    walls = {side_key(f.hex, f.hex.neighbour(f.direction)) for f in pic.hexside_features if f.kind == "wall"}
    assert walls == set(state.field.walls)


def test_roads_are_routes_covering_every_road_step_once():
    state = R.setup("pitched-150", {})
    bf = state.field
    pic = picture(state, None, "")
    steps = [side_key(a, b) for r in pic.routes for a, b in zip(r.hexes, r.hexes[1:], strict=False)]
    assert all(r.kind == "road" for r in pic.routes)
    assert len(steps) == len(set(steps))
    wanted = {side_key(h, h.neighbour(d)) for h, ds in bf.road_sides.items() for d in ds}
    assert set(steps) == wanted


def test_river_bridge_and_ford_are_drawn_across_the_stream():
    """River hexes keep the river style; the bridge runs along its road, the ford across the river."""
    state = R.setup("river-woods", {})
    spec = state.field.spec
    pic = picture(state, None, "")
    assert {spec.label(t.hex) for t in pic.terrain if t.terrain == "river"} >= {"0106", "0706", "1106"}
    feats = {spec.label(f.hex): f for f in pic.hex_features}
    assert feats["0706"].kind == "bridge" and feats["1106"].kind == "ford"
    bridge = feats["0706"]
    assert state.field.along_road(bridge.hex, bridge.hex.neighbour(bridge.direction)) or state.field.along_road(
        bridge.hex, bridge.hex.neighbour(bridge.direction + 3)
    )
    ford = feats["1106"]
    for k in (ford.direction, ford.direction + 3):
        assert state.field.terrain_at(ford.hex.neighbour(k)).value != "river"


def test_planted_stakes_are_drawn_on_the_staked_hexs_front_sides():
    state = make_state(units=[(1, "south", "longbow", (0, 8), Facing.N)])
    h = H(0, 8)
    for s in (1, 2):
        state.stakes[side_key(h, h.neighbour(s))] = (1, h)
    stakes = [f for f in picture(state, None, "").hexside_features if f.kind == "stakes"]
    assert {(f.hex, f.direction) for f in stakes} == {(h, 1), (h, 2)}


def test_contacts_this_bound_are_attack_arrows_and_ordinary_moves_get_none():
    """`contacted_by` gives an attack arrow from the attacker; `moved_this_bound` alone draws nothing."""
    state = make_state(
        units=[
            (1, "south", "knights", (0, 8), Facing.N, {"moved_this_bound": True}),
            (2, "north", "horde", (0, 7), Facing.S, {"contacted_by": (1,)}),
            (3, "south", "spear", (3, 8), Facing.N, {"moved_this_bound": True}),
        ]
    )
    arrows = picture(state, None, "").arrows
    assert [(a.kind, a.hexes, a.side) for a in arrows] == [(ArrowKind.ATTACK, (H(0, 8), H(0, 7)), "south")]
    assert direction(H(0, 8), H(0, 7)) is not None


def test_a_side_sees_the_whole_table_and_is_named_in_the_subtitle():
    """H&H hides nothing (HH.BASE.8): a side's picture has the referee's counters and generals."""
    state = board("intro-50", 2)
    ref = picture(state, None, "")
    york = picture(state, "york", "")
    assert york.counters == ref.counters and york.generals == ref.generals
    assert "seen by york" in york.subtitle and "seen by" not in ref.subtitle


def test_subtitle_gives_turn_bound_phase_and_whose_move():
    state = R.setup("skirmish-midbattle", {})
    sub = picture(state, None, "").subtitle
    assert "turn 3 of 5" in sub and "york's bound" in sub and "command move" in sub and "york to move" in sub
    assert "york (south edge) v lancaster (north edge)" in sub
    assert picture(state, None, "My title").title == "My title"
    assert picture(state, None, "").title == state.title


def test_short_names_fit_a_counter():
    assert short_name("Mounted Men-at-Arms") == "MMA"
    assert short_name("Retinue Longbowmen") == "RL"
    assert short_name("Turcopoles") == "Turc"
    assert short_name("King") == "King"
    assert all(len(short_name(u.name)) <= 5 for s in SCENARIOS for u in R.setup(s, {}).units.values())
