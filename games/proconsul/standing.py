"""Standing orders and mid-resolution decisions of the side that is not moving [PC.PBEM.6] [PC.PBEM.3] (W3).

A side sets a standing order with a ``standing KEY VALUE`` line in any message it sends (a declaration or
an activation); it applies from the next resolution on. ``yes`` and ``no`` settle the decision; ``ask``
makes the resolution stop and mail the side the question (a ``DecisionRequested``), to go on with its
answer. Without a standing order the spec's PBEM default of section 22 applies.

Distances (decisions 11, 22 and 24) take ``full``, a number of hexes or ``ask``; paths (decisions 11 and 22)
take ``straight`` (the spec's tie-breaks) or ``ask`` (the side picks each step among the equally good ones).
"""

from __future__ import annotations

from campaign.hexgrid import Hex

from .context import Ctx

ANSWERS = ("yes", "no", "ask")

KEYS: dict[str, str] = {
    "evade": "Sk, LC and LCh evade a charge when allowed (decision 9; default yes)",
    "evade_mc": "MC evade a charge by infantry (decision 9; default no)",
    "evade_fire": "Sk, LC and LCh evade fire from an enemy in their front arc (decision 10; default no)",
    "pursue": "a winner that may choose rolls to pursue (decision 26; default yes mounted, no foot)",
    "counter_charge": "a stand on opportunity counter-charges an enemy about to contact it (decision 15; default yes)",
    "opportunity_charge": "a stand on opportunity charges an enemy coming on within reach (decision 15; default no)",
    "support": "a stand that qualifies supports a melee, when the scenario makes support optional (PC.MELEE.6; yes)",
    "hc_bounce": "HC that draw a melee bounce away rather than stay in contact (decision 25; default no)",
}
"""The yes/no standing orders a side may set, with what they decide."""

DISTANCE_KEYS: dict[str, str] = {
    "evade_distance": "how far an evading stand goes: full (its MP, the default), a number, or ask (decision 11)",
    "retreat_distance": "how far a beaten stand retreats: full (2 x MP, the default), a number, or ask (decision 22)",
    "bounce_distance": "how far a bouncing stand goes: full (its MP, the default), a number, or ask (decision 24)",
}
"""The distance standing orders: full, N or ask."""

PATH_KEYS: dict[str, str] = {
    "evade_path": "which rear hex an evading stand steps into: straight (the default) or ask (decision 11)",
    "retreat_path": "which of the equally good hexes a retreating stand steps into: straight or ask (decision 22)",
}
"""The path standing orders: straight or ask."""


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


def distance(ctx: Ctx, side: str, key: str, full: int, question: str, tag: str) -> int:
    """How many hexes, 1 to `full`: the side's standing order (a number is capped at `full`), its answer when the
    order is "ask", or the default `full` [PC.EVADE.4] [PC.RETREAT.2] [PC.RESULT.5]."""
    order = ctx.st.standing.get(side, {}).get(key, "full")
    if order.isdigit():
        return max(1, min(full, int(order)))
    if order == "ask" and full > 1:
        options = tuple(str(n) for n in range(1, full + 1))
        answer = ctx.dice.decide(side, f"a{ctx.st.activation}-{key}-{tag}", question, options, str(full))
        ctx.say(f"{side} answers {answer}: {question}")
        return int(answer)
    return full


def step_choice(ctx: Ctx, side: str, key: str, options: list[Hex], question: str, tag: str) -> Hex:
    """One of `options` (best first): the first, unless the side's standing order is "ask" and there is a choice."""
    order = ctx.st.standing.get(side, {}).get(key, "straight")
    if order != "ask" or len(options) < 2:
        return options[0]
    labels = {ctx.st.label(h): h for h in options}
    first = ctx.st.label(options[0])
    answer = ctx.dice.decide(side, f"a{ctx.st.activation}-{key}-{tag}", question, tuple(labels), first)
    ctx.say(f"{side} answers {answer}: {question}")
    return labels[answer]
