"""Standing orders and mid-resolution decisions of the side that is not moving [PC.PBEM.6] [PC.PBEM.3] (W3).

A side sets a standing order with a ``standing KEY VALUE`` line in any message it sends (a declaration or
an activation); it applies from the next resolution on. ``yes`` and ``no`` settle the decision; ``ask``
makes the resolution stop and mail the side the question (a ``DecisionRequested``), to go on with its
answer. Without a standing order the spec's PBEM default of section 22 applies.
"""

from __future__ import annotations

from .context import Ctx

ANSWERS = ("yes", "no", "ask")

KEYS: dict[str, str] = {
    "evade": "Sk, LC and LCh evade a charge when allowed (decision 9; default yes)",
    "evade_mc": "MC evade a charge by infantry (decision 9; default no)",
    "evade_fire": "Sk, LC and LCh evade fire from an enemy in their front arc (decision 10; default no)",
    "pursue": "a winner that may choose rolls to pursue (decision 26; default yes mounted, no foot)",
    "counter_charge": "a stand on opportunity counter-charges an enemy about to contact it (decision 15; default yes)",
    "opportunity_charge": "a stand on opportunity charges an enemy coming on within reach (decision 15; default no)",
}
"""The standing orders a side may set, with what they decide."""


def decide(ctx: Ctx, side: str, key: str, default: bool, question: str, tag: str) -> bool:
    """The side's answer: its standing order, its mailed answer when the order is "ask", or the default."""
    order = ctx.st.standing.get(side, {}).get(key, "")
    if order in ("yes", "no"):
        return order == "yes"
    if order == "ask":
        wanted = "yes" if default else "no"
        answer = ctx.dice.decide(side, f"a{ctx.st.activation}-{key}-{tag}", question, ("yes", "no"), wanted)
        ctx.say(f"{side} answers {answer}: {question}")
        return answer == "yes"
    return default
