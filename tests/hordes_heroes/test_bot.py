"""The Hordes & Heroes computer player: always legal, deterministic, sensible, fast [HH.PD.*].

`play(scenario, seed)` runs a whole bot-against-bot game through the Ruleset interface with
seeded fair dice; a fuzz test can call it for as many seeds as it likes.
"""

from __future__ import annotations

import random
import time

import pytest

from campaign.hexgrid import Hex
from games.hordes_heroes import RULESET as R
from games.hordes_heroes.bot import Role, bot_orders, checked, lateral, role
from games.hordes_heroes.engine import deploy_zone_ok
from games.hordes_heroes.scenario import read_scenario
from games.hordes_heroes.selfplay import BotGame, self_play
from games.hordes_heroes.state import GameState, Phase

from .helpers import Facing, H, make_state

SCENARIOS = [s.name for s in R.scenarios()]


class SeededDice:
    """Fair dice from `random.Random(seed)`: a test stand-in for the core's committed dice."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def roll(self, sides: int, purpose: str) -> int:
        return self.rng.randint(1, sides)


def play(scenario: str, seed: int, **kw) -> BotGame:
    """A whole bot game of `scenario`: bots seeded from `seed`, dice from `SeededDice(seed)`."""
    return self_play(scenario, seed, SeededDice(seed), **kw)


def send(state: GameState, side: str, text: str) -> GameState:
    return R.apply_orders(state, R.parse_orders(state, side, text))


def lines_of(text: str, verb: str, uid: int) -> list[list[str]]:
    return [ln.split() for ln in text.splitlines() if ln.split()[:2] == [verb, str(uid)]]


def last_hex(state: GameState, words: list[str]) -> Hex:
    labels = [w for w in words[2:] if w.isdigit() and len(w) == 4]
    return state.field.spec.parse(labels[-1])


# --- whole games ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_two_bots_play_every_scenario_to_the_end_with_every_bundle_accepted(scenario, seed):
    """Every text the bots send passes `parse_orders` (self_play raises otherwise), every accepted
    order is carried out at resolution, and the game ends by victory or at the turn limit."""
    game = play(scenario, seed)
    st = game.state
    assert st.phase is Phase.GAME_OVER and R.outcome(st) is not None
    assert R.pending(st) == []
    assert 1 <= st.turn <= st.options.max_game_turns
    assert not [line for line in game.narrative if "not carried out" in line]
    keys = {key.split("-")[0] for _side, key, _text in game.orders}
    assert "bound" in keys
    if "start" not in read_scenario(scenario):  # a mid-battle start has no initiative or deployment
        assert {"initiative", "deploy"} <= keys


def test_same_seed_gives_the_same_orders_and_the_same_final_state():
    a = play("river-woods", 7)
    b = play("river-woods", 7)
    assert a.orders == b.orders
    assert R.dump(a.state) == R.dump(b.state)


def test_bot_orders_repeat_for_a_seed_and_leave_the_state_alone():
    """Pure and seeded: asking twice gives the same text; the state is not touched."""
    seen: list[tuple[GameState, str, str]] = []

    def check(state: GameState, side: str, text: str) -> None:
        if len(seen) < 12:
            before = R.dump(state)
            again = bot_orders(state, side, 99)
            assert bot_orders(state, side, 99) == again
            assert R.dump(state) == before
            seen.append((state, side, again))

    play("pitched-150", 4, on_orders=check, max_resolutions=10)
    assert len(seen) == 12


def test_bot_is_fast_on_the_150_point_battle():
    """Well under 0.2 s of CPU a call on average; no single call anywhere near a second.

    CPU time, not wall time, so a busy test machine does not make it flaky.
    """
    times: list[float] = []

    def clock(state: GameState, side: str, text: str) -> None:
        t = time.process_time()
        bot_orders(state, side, 5)
        times.append(time.process_time() - t)

    play("pitched-150", 5, on_orders=clock)
    assert sum(times) / len(times) < 0.2
    assert max(times) < 0.6


# --- what it does in each phase ----------------------------------------------------------------------


def test_initiative_deploy_second_and_ask_for_an_edge():
    """Standard initiative with equal fast units: both sides choose (HH.SEQ.4)."""
    st = R.setup("intro-50", {})
    text = bot_orders(st, "york", 1)
    assert text.splitlines()[0] == "deploy second"
    assert text.splitlines()[1] in ("edge north", "edge south")
    R.parse_orders(st, "york", text)


def test_initiative_roll_off_sends_only_the_edge():
    """With the roll-off the winner deploys first (HH.SEQ.5): no `deploy` line is sent."""
    st = R.setup("river-woods", {})
    text = bot_orders(st, "rome", 1)
    assert text.startswith("edge ") and "deploy" not in text


def test_deployment_puts_a_line_in_the_zone_facing_the_enemy_with_mounted_wings():
    """Foot in the centre, knights on the wings, generals attached, C-in-C with a foot unit (HH.SEQ.2)."""
    st = play("pitched-150", 3, until=lambda s: s.phase is Phase.DEPLOYMENT).state
    side = st.deploying
    assert side is not None
    text = bot_orders(st, side, 3)
    st = send(st, side, text)
    st = R.resolve(st, SeededDice(3)).state
    units = [u for u in st.units.values() if u.side == side]
    assert all(u.hex is not None and deploy_zone_ok(st, side, u.hex) for u in units)
    assert all(u.facing is st.edges[side].forward for u in units)
    foot = [lateral(u.hex) for u in units if role(st, u) is Role.FOOT]  # type: ignore[arg-type]
    for u in units:
        if role(st, u) is Role.MOUNTED:
            assert not min(foot) <= lateral(u.hex) <= max(foot)  # type: ignore[arg-type]
    for g in st.generals.values():
        if g.side == side:
            host = st.host_of(g)
            assert host is not None
            if g.cinc:
                assert role(st, host) is Role.FOOT


def knights_and_horde() -> GameState:
    return make_state(
        units=[(1, "south", "knights", (0, 10), Facing.N), (2, "north", "horde", (0, 7), Facing.S)],
        generals=[(1, "south", (0, 10))],
    )


def test_mounted_unit_charges_when_the_odds_favour_it():
    """Knights (CF 6 + 4 stands + impact 4) against a peasant horde (CF 1 + 4): charge."""
    st = knights_and_horde()
    text = bot_orders(st, "south", 1)
    (move,) = lines_of(text, "move", 1)
    assert last_hex(st, move).distance(H(0, 7)) == 1
    R.parse_orders(st, "south", text)


def test_weak_mounted_shooters_do_not_charge_knights_but_stand_off_at_range():
    """Light horse archers (CF 2) facing knights keep 2 hexes off: small-arms range (HH.SHOOT.6)."""
    st = make_state(
        units=[(1, "south", "lc", (0, 11), Facing.N), (2, "north", "knights", (0, 7), Facing.S)],
        generals=[(1, "south", (0, 11))],
    )
    text = bot_orders(st, "south", 1)
    (move,) = lines_of(text, "move", 1)
    assert last_hex(st, move).distance(H(0, 7)) == 2


def test_foot_shooters_close_to_small_arms_range():
    st = make_state(
        units=[(1, "south", "skirm", (0, 11), Facing.N), (2, "north", "spear", (0, 7), Facing.S)],
        generals=[(1, "south", (0, 11))],
    )
    text = bot_orders(st, "south", 1)
    (move,) = lines_of(text, "move", 1)
    assert last_hex(st, move).distance(H(0, 7)) == 2


def test_the_line_advances_together_at_the_pace_of_its_slowest_unit():
    """Three spearmen (speed 1) and knights on the wing all end one row further on."""
    st = make_state(
        units=[
            (1, "south", "spear", (0, 12), Facing.N),
            (2, "south", "spear", (1, 12), Facing.N),
            (3, "south", "spear", (2, 12), Facing.N),
            (4, "south", "knights", (3, 12), Facing.N),
            (9, "north", "spear", (4, 1), Facing.S),
        ],
        generals=[(1, "south", (1, 12))],
    )
    text = bot_orders(st, "south", 2)
    st = send(st, "south", text)
    st = R.resolve(st, SeededDice(2)).state
    rows = {st.units[i].hex.r for i in (1, 2, 3, 4)}  # type: ignore[union-attr]
    assert rows == {11}


def test_a_lone_general_rides_to_bring_his_units_under_command():
    """Units out of range of a lone general (HH.CMD.5): he moves first, then they can move."""
    st = make_state(
        units=[
            (1, "south", "spear", (6, 11), Facing.N),
            (2, "south", "spear", (7, 11), Facing.N),
            (9, "north", "spear", (6, 1), Facing.S),
        ],
        generals=[(1, "south", (0, 12))],
    )
    text = bot_orders(st, "south", 3)
    first = text.splitlines()[0].split()
    assert first[:2] == ["general", "1"]
    assert lines_of(text, "move", 1) and lines_of(text, "move", 2)
    R.parse_orders(st, "south", text)


def test_disrupted_units_rally_facing_the_enemy():
    st = make_state(
        units=[(1, "south", "spear", (0, 10), Facing.W, {"disrupted": True}), (2, "north", "spear", (0, 5), Facing.S)],
        generals=[(1, "south", (2, 10))],
    )
    text = bot_orders(st, "south", 1)
    assert ["rally", "1", "face", "N"] in lines_of(text, "rally", 1)
    R.parse_orders(st, "south", text)


def test_the_side_not_moving_sends_standing_orders():
    st = knights_and_horde()
    text = bot_orders(st, "north", 1)
    assert text and all(line.startswith("standing ") for line in text.splitlines())
    assert R.parse_orders(st, "north", text).key == "standing-north"


def test_nothing_is_sent_when_the_game_is_over():
    st = knights_and_horde()
    st.phase = Phase.GAME_OVER
    assert bot_orders(st, "south", 1) == "" and bot_orders(st, "north", 1) == ""


def test_refused_lines_are_dropped_and_the_rest_kept():
    """`checked` strips every line `parse_orders` refuses, whatever the reason, and keeps the others."""
    st = knights_and_horde()
    lines = ["frobnicate 1", "move 1 0101", "single 1 face ENE"]
    assert checked(st, "south", lines, []) == "single 1 face ENE"
    assert checked(st, "south", ["move 2 0101"], []) == ""
