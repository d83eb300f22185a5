"""Player decisions of the special-troop, camp, special-rule and Fantasy sections, with their PBEM
defaults; each is asked through the dice source's ``decide`` (a decision request a standing order
or the default answers) [WC.EVENT.3] [WC.PD.11] [WC.PD.16] [WC.PD.32] [WC.PD.33] [WC.PD.35]
[WC.PD.36] [WC.PD.37] [WC.PD.39]."""

from __future__ import annotations

from dataclasses import dataclass

from campaign.ruleset import DiceSource

__all__ = ["DECISIONS", "Decision", "ask"]


@dataclass(frozen=True, slots=True)
class Decision:
    """One §47 row: who decides, when, the choices and the default."""

    id: str
    who: str
    when: str
    options: tuple[str, ...]
    default: str


DECISIONS = {
    d.id: d
    for d in (
        Decision(
            "WC.PD.11",
            "owner of units that ended their turn in an enemy ZOC",
            "start of the opponent's Reaction Test Phase",
            ("none", "feign"),
            "none",
        ),
        Decision(
            "WC.PD.16",
            "owner of the charged unit",
            "charge declaration",
            ("evade and fire", "evade", "stand"),
            "evade and fire",
        ),
        Decision("WC.PD.32", "owner", "start of turn", ("nearest", "wait"), "nearest"),
        Decision("WC.PD.33", "owner", "start of turn", ("join nearest", "stay in camp"), "join nearest"),
        Decision("WC.PD.35", "owner of the flyer", "contact", ("away", "left", "right"), "away"),
        Decision("WC.PD.36", "phasing player", "own turn", ("none", "form"), "none"),
        Decision("WC.PD.37", "phasing player", "Movement Phase", ("none", "shieldwall", "stakes", "dismount"), "none"),
        Decision("WC.PD.39", "Scottish player", "deployment", ("second line", "first line", "hill"), "second line"),
    )
}
"""The defaults of [WC.PD.11] [WC.PD.16] [WC.PD.32] [WC.PD.33] [WC.PD.35] [WC.PD.36] [WC.PD.37]
[WC.PD.39]."""


def ask(dice: DiceSource, side: str, key: str, decision: str, question: str, options: tuple[str, ...] = ()) -> str:
    """Ask ``side`` one decision; an answer outside the options gives the default [WC.EVENT.3]."""
    d = DECISIONS[decision]
    opts = options or d.options
    default = d.default if d.default in opts else opts[0]
    got = dice.decide(side, f"{decision}:{key}", question, opts, default)
    return got if got in opts else default
