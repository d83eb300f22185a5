"""Player decisions of §47 with their PBEM defaults [WC.EVENT.3].

Those made during resolution are asked through the dice source's ``decide`` (a decision request a
standing order or the default answers): [WC.PD.11] [WC.PD.16] [WC.PD.32] [WC.PD.33] [WC.PD.35]
[WC.PD.36] [WC.PD.37] [WC.PD.39], and through :mod:`.standing` [WC.PD.5] [WC.PD.22]. Those made
before play are the scenario's: leader abilities [WC.PD.1], the deployment order [WC.PD.3], who may
flank-march [WC.PD.4] and who moves first [WC.PD.7]. :data:`REQUIRED` lists the decisions that have
no default: the player writes them [WC.PD.2] [WC.PD.18] [WC.PD.19].
"""

from __future__ import annotations

from dataclasses import dataclass

from campaign.ruleset import DiceSource

__all__ = ["DECISIONS", "REQUIRED", "Decision", "ask"]


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
        Decision("WC.PD.1", "both players, by agreement", "pre-game", ("scenario", "roll"), "scenario"),
        Decision(
            "WC.PD.3", "deployment-roll winner", "deployment", ("loser first", "winner first"), "loser first"
        ),
        Decision("WC.PD.4", "deployment-roll winner", "deployment", ("none", "flank march"), "none"),
        Decision("WC.PD.5", "owner", "on arrival", ("default", "left", "right"), "default"),
        Decision("WC.PD.7", "deployment-roll winner", "after deployment", ("winner", "loser"), "winner"),
        Decision(
            "WC.PD.21", "phasing player", "end of Movement Phase", ("stay", "move", "attach", "detach"), "stay"
        ),
        Decision("WC.PD.22", "non-phasing player", "end of Movement Phase", ("no", "attach"), "no"),
        Decision("WC.PD.34", "owner", "start of turn", ("nearest unit",), "nearest unit"),
        Decision("WC.PD.38", "owner", "Reaction Test Phase", ("lowest id",), "lowest id"),
    )
}
"""The defaults of [WC.PD.11] [WC.PD.16] [WC.PD.32] [WC.PD.33] [WC.PD.35] [WC.PD.36] [WC.PD.37]
[WC.PD.39]; [WC.PD.1] scenario values (:func:`games.war_cometh.command.ability_from_roll` maps a
2D6 roll); [WC.PD.3] the loser deploys first; [WC.PD.4] no flank march; [WC.PD.5] the edge with
fewer enemy stands near it; [WC.PD.7] the winner moves first; [WC.PD.21] attached leaders stay
attached, others stay put; [WC.PD.22] no attaching; [WC.PD.34] next to the friendly unit nearest
the lost leader; [WC.PD.38] ties go to the lowest id."""

REQUIRED = {
    "WC.PD.2": "the scenario's [[units]] rows: profile from a list, stands, files; list limits are"
    " checked by games.war_cometh.lists.composition_problems",
    "WC.PD.6": "'place unit ID at X Y facing DEG line N' orders in the deployment phase",
    "WC.PD.18": "'commander NAME', 'unit ID ...' and 'battleline ...' lines in order; a unit given no"
    " order does nothing, and a commander stops when his lines end",
    "WC.PD.19": "the steps of a unit's order ('wheel left 30 then forward 12 through 5', 'form line 3 left')",
}
"""Decisions with no default: the player's own input, and where he writes it [WC.PD.2] [WC.PD.6]
[WC.PD.18] [WC.PD.19]."""


def ask(dice: DiceSource, side: str, key: str, decision: str, question: str, options: tuple[str, ...] = ()) -> str:
    """Ask ``side`` one decision; an answer outside the options gives the default [WC.EVENT.3]."""
    d = DECISIONS[decision]
    opts = options or d.options
    default = d.default if d.default in opts else opts[0]
    got = dice.decide(side, f"{decision}:{key}", question, opts, default)
    return got if got in opts else default
