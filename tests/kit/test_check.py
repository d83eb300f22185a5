"""campaign.kit.check: the generic CHECK, unit cards and army status never touch the game's state."""

from __future__ import annotations

import copy

from campaign.kit.check import RecordingDice, default_unit_cards
from tests.toy import RULESET


def test_check_resolves_a_copy_and_leaves_the_state_alone() -> None:
    state = RULESET.setup("sprint", {})
    state["orders"]["red"] = 2
    before = copy.deepcopy(state)
    report = RULESET.check_orders(state, "blue", "advance 3")
    assert report.ok and report.resolves
    rolls = [(r.sides, r.purpose) for r in report.rolls]
    assert rolls == [(6, "turn 1: red advances 2"), (6, "turn 1: blue advances 3")]
    assert state == before  # no orders filed, nobody moved, the turn not advanced


def test_recording_dice_answer_defaults_and_remember_questions() -> None:
    dice = RecordingDice()
    assert dice.decide("red", "k", "roll again?", ("reroll", "keep"), "keep") == "keep"
    assert dice.decisions == ["red would be asked: roll again? (reroll / keep; default keep)"]


def test_unit_cards_from_a_view_keep_only_the_sides_units() -> None:
    knights = {"id": 1, "name": "Knights", "side": "york", "hex": "0504", "speed": 4, "traits": ["impact"]}
    view = {"units": [knights, {"id": 2, "name": "Bows", "side": "valois", "hex": "0505", "speed": 3}]}
    (card,) = default_unit_cards(view, "york")
    assert (card.unit, card.name, card.where) == ("1", "Knights", "0504")
    assert card.values == (("speed", "4"), ("traits", "impact"))
    assert len(default_unit_cards(view, None)) == 2


def test_army_status_default_counts_turns() -> None:
    state = RULESET.setup("sprint", {"turn_limit": 5})
    status = RULESET.army_status(state, "red")
    assert status.text().startswith("red: turn 1 of 5 (4 left after this one)")
    assert ("asked for", "orders for turn 1") in status.lines


def test_recording_dice_let_a_roll_off_that_re_rolls_ties_end() -> None:
    """A dry run of a roll-off (each side rolls, ties re-roll) comes to an end: the faces go round."""
    dice = RecordingDice()
    for _ in range(100):
        a, b = dice.roll(6, "rolloff: a"), dice.roll(6, "rolloff: b")
        if a != b:
            break
    assert a != b and len(dice.rolls) == 2
