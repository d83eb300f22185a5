"""Standing orders: a side's answers, set in advance, to the decisions the rules leave to it
during resolution [WC.PD.5] [WC.PD.9] [WC.PD.12] [WC.PD.13] [WC.PD.17] [WC.PD.22] [WC.EVENT.3].

A side writes ``standing KEY VALUE`` (or ``standing KEY VALUE UNIT`` for one unit) in its orders;
it applies from that resolution on. ``ask`` makes the resolution stop and ask the side (a
decision request through ``DiceSource.decide``) whenever the decision comes up. Without a
standing order the spec's PBEM default applies.
"""

from __future__ import annotations

from dataclasses import replace

from campaign.ruleset import DiceSource

from .model import State

__all__ = ["KEYS", "decide", "standing", "with_standing"]

KEYS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "charge-fire": (
        ("fire", "hold", "ask"),
        "fire",
        "supporting and Hold Fire units fire at a unit charging a friend [WC.PD.17]",
    ),
    "reaction": (
        ("none", "charge", "ask"),
        "none",
        "the signs of the ± reaction modifiers aim for None (or prefer Charge/Fire) [WC.PD.9] [WC.REACT.13]",
    ),
    "ignore-skirmishers": (
        ("yes", "no"),
        "no",
        "(H) shooters pass over skirmishers when picking the nearest target [WC.PD.13] [WC.TARGET.3]",
    ),
    "pursue": (
        ("default", "yes", "no", "ask"),
        "default",
        "on a Pursuit Test's May Choose: pursue or advance (default: cavalry and impetuous units) [WC.PD.27]",
    ),
    "flank-edge": (
        ("default", "left", "right", "ask"),
        "default",
        "the table edge a flank march given no edge comes on by: by default the side edge with fewer"
        " enemy stands within 30 cm (tie: x = 0) [WC.PD.5]",
    ),
    "attach": (
        ("no", "yes", "ask"),
        "no",
        "at the end of the enemy's Movement Phase a free leader attaches to the nearest friendly unit"
        " within 10 cm that is about to fight [WC.PD.22] [WC.LEADER.7]",
    ),
    "reform": (
        ("none", "face_threat"),
        "none",
        "after a melee, turn to face an enemy on a flank or rear within 30 cm [WC.PD.30] [WC.REFORM.6]",
    ),
}
"""Key -> (allowed values, default, what it decides)."""


def standing(state: State, side: str, key: str, unit: str = "") -> str:
    """The standing order in force for ``side`` (for one unit first, then the side's), or the
    default."""
    table = {(s, k): v for s, k, v in state.standing}
    if unit and (side, f"{key}:{unit}") in table:
        return table[(side, f"{key}:{unit}")]
    return table.get((side, key), KEYS[key][1])


def with_standing(state: State, side: str, key: str, value: str, unit: str = "") -> State:
    """Set a standing order (replacing the earlier one for the same key) [WC.EVENT.3]."""
    k = f"{key}:{unit}" if unit else key
    rest = tuple(x for x in state.standing if (x[0], x[1]) != (side, k))
    return replace(state, standing=tuple(sorted((*rest, (side, k, value)))))


def decide(
    state: State,
    dice: DiceSource,
    side: str,
    key: str,
    question: str,
    options: tuple[str, ...],
    default: str,
    *,
    tag: str,
    unit: str = "",
) -> str:
    """The answer when the standing order is ``ask``: a decision request [WC.EVENT.3]; otherwise
    ``default`` (which the caller has worked out from the standing order)."""
    if standing(state, side, key, unit) != "ask":
        return default
    return dice.decide(side, f"t{state.player_turn}-{key}-{tag}", question, options, default)
