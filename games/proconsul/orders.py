"""The Proconsul order language, read with `campaign.kit.reader` (docs/orders/proconsul.md) [PC.PBEM.4].

Declaration window::

    declare centre

Activation window, one line per stand action, in the order they are to happen::

    L1 move 0708 0707            # forward steps, hex by hex
    L2 move 0808 then move 0807  # an extra move (order test first) [PC.MOVE.8]
    L3 fire W2 then move 0908    # fire, then exactly one move [PC.MOVE.2]
    L4 with L5 L6 move 1008      # a group move: every member takes the same steps [PC.MOVE.14]
    RB1 rally then opportunity
    W3 attack L2                 # attack an enemy already in contact [PC.MELEE.22]
    general move 0910 attach L3  # the group general [PC.CMD.4] [PC.CMD.5]
    end                          # the activation is over [PC.SEQ.12]
"""

from __future__ import annotations

from typing import Any

from campaign.hexgrid import Hex, LabelError
from campaign.kit.reader import Cursor, Grammar, LineError, did_you_mean
from campaign.ruleset import OrderError, OrdersRejected

from . import geometry as G
from .state import Phase, State

Order = dict[str, Any]


class _Ctx:
    """What the parsers need: the state and the side writing."""

    def __init__(self, st: State, side: str):
        self.st, self.side = st, side
        self.group = st.active_group

    def group_of_line(self) -> str:
        return self.group

    def stand_id(self, word: str, column: int) -> str:
        ids = {s.id.lower(): s.id for s in self.st.live()}
        if word.lower() not in ids:
            raise LineError(
                f"there is no stand {word!r} on the board",
                column,
                "PC.UNITS.1",
                did_you_mean(word, [s.id for s in self.st.live()], "stands"),
            )
        return ids[word.lower()]

    def own(self, sid: str, column: int) -> str:
        st = self.st
        s = st.stands[sid]
        mine = [x.id for x in st.live(self.side) if x.group == self.group and x.id not in st.moved]
        if s.side != self.side:
            raise LineError(
                f"{sid} is not one of your stands", column, "PC.SEQ.5", f"stands to order now: {', '.join(mine)}"
            )
        if self.group and s.group != self.group:
            raise LineError(
                f"{sid} is not in the active group {self.group}",
                column,
                "PC.SEQ.5",
                f"stands to order now: {', '.join(mine)}",
            )
        if sid in st.moved:
            raise LineError(
                f"{sid} has already acted this activation",
                column,
                "PC.SEQ.6",
                f"stands to order now: {', '.join(mine)}",
            )
        return sid

    def hex(self, c: Cursor, what: str) -> Hex:
        w = c.next(what)
        try:
            h = self.st.spec.parse(w.text)
        except LabelError as e:
            raise LineError(str(e), w.column, "syntax", "hexes are CCRR labels such as 0705") from None
        if not self.st.on_map(h):
            raise LineError(f"{w.text} is off the board", w.column, "PC.MOVE.17")
        return h


def _declare(c: Cursor, ctx: _Ctx) -> Order:
    """declare GROUP [PC.SEQ.2]."""
    if ctx.st.phase is not Phase.DECLARE:
        raise LineError("no declaration is asked for now: send activation orders", c.verb.column, "PC.SEQ.2")
    groups = {g.id.lower(): g.id for g in ctx.st.unactivated(ctx.side)}
    return {"declare": c.choice("a group that has not yet activated this round", groups, "PC.SEQ.2")}


def _group(c: Cursor, ctx: _Ctx) -> Order:
    """group GROUP: the group to activate when only your side has groups left [PC.SEQ.3]."""
    groups = {g.id.lower(): g.id for g in ctx.st.unactivated(ctx.side)}
    gid = c.choice("one of your groups still to activate", groups, "PC.SEQ.3")
    if ctx.st.active_group and gid != ctx.st.active_group:
        raise LineError(f"the active group is {ctx.st.active_group}", c.verb.column, "PC.SEQ.2")
    ctx.group = gid
    return {"group": gid}


def _script(c: Cursor, ctx: _Ctx) -> Order:
    """script GROUP: the orders below are that group's, used if it wins the next roll (pre-scripted mode) [PC.PBEM.9]."""
    if ctx.st.phase is not Phase.DECLARE:
        raise LineError("scripts for later go with a declaration", c.verb.column, "PC.PBEM.9")
    groups = {g.id.lower(): g.id for g in ctx.st.unactivated(ctx.side)}
    gid = c.choice("one of your groups still to activate", groups, "PC.PBEM.9")
    ctx.group = gid
    return {"script": gid}


def _standing(c: Cursor, ctx: _Ctx) -> Order:
    """standing KEY yes|no|ask, standing KEY full|N|ask (distances), standing KEY straight|ask (paths): a standing
    order for the decisions of the side not moving [PC.PBEM.6]."""
    from .standing import ANSWERS, DISTANCE_KEYS, KEYS, PATH_KEYS

    key = c.choice("a standing order", {k: k for k in (*KEYS, *DISTANCE_KEYS, *PATH_KEYS)}, "PC.PBEM.6")
    if key in DISTANCE_KEYS:
        if c.peek().isdigit():
            return {"standing": key, "value": str(c.integer("a number of hexes", 1, 99))}
        value = c.choice("full, a number of hexes, or ask", {a: a for a in ("full", "ask")}, "PC.PBEM.6")
    elif key in PATH_KEYS:
        value = c.choice("straight or ask", {a: a for a in ("straight", "ask")}, "PC.PBEM.6")
    else:
        value = c.choice("yes, no or ask", {a: a for a in ANSWERS}, "PC.PBEM.6")
    return {"standing": key, "value": value}


def _end(c: Cursor, ctx: _Ctx) -> Order:
    """end: the activation is over [PC.SEQ.12]."""
    return {"end": True}


def _general(c: Cursor, ctx: _Ctx) -> Order:
    """general move HEX... [attach STAND | detach] [PC.CMD.4] [PC.CMD.5]."""
    out: Order = {"general": True, "path": [], "attach": "", "detach": False}
    while c.more():
        word = c.accept("move", "attach", "detach")
        if word == "move":
            while c.more() and c.peek() not in ("attach", "detach"):
                h = ctx.hex(c, "a hex for the general")
                out["path"].append([h.q, h.r])
            if len(out["path"]) > 6:
                raise LineError("a general moves at most 6 hexes a round [PC.CMD.4]", c.column, "PC.CMD.4")
        elif word == "attach":
            w = c.next("the stand to attach to")
            out["attach"] = ctx.own(ctx.stand_id(w.text, w.column), w.column)
        elif word == "detach":
            out["detach"] = True
        else:
            w = c.next("move, attach or detach")
            raise LineError(
                f"{w.text!r} is not a general's order",
                w.column,
                "PC.CMD.4",
                "general move HEX... | attach STAND | detach",
            )
    return out


def _steps(c: Cursor, ctx: _Ctx) -> list[list[Any]]:
    steps: list[list[Any]] = []
    while c.more() and c.peek() != "then":
        word = c.peek()
        if word in ("left", "right"):
            c.next("a turn")
            steps.append(["turn", 1 if word == "left" else -1])
        elif word == "face":
            c.next("face")
            steps.append(["face", c.choice("a facing (N, NE, NW, S, SE, SW)", G.FACING_NAMES, "PC.MOVE.6")])
        elif word == "about":
            c.next("about")
            steps.append(["about"])
        else:
            h = ctx.hex(c, "a hex, left, right, face DIR or about")
            steps.append(["hex", h.q, h.r])
    if not steps:
        raise LineError("a move needs at least one step: a hex, left, right, face DIR or about", c.column, "PC.MOVE.1")
    return steps


def _action(c: Cursor, ctx: _Ctx) -> Order:
    word = c.choice(
        "an action",
        {k: k for k in ("move", "turn", "about", "fire", "attack", "rally", "opportunity", "hold")},
        "PC.SEQ.8",
    )
    if word == "move":
        return {"do": "move", "steps": _steps(c, ctx)}
    if word == "turn":
        d = c.choice("left or right", {"left": 1, "right": -1}, "PC.MOVE.4")
        return {"do": "move", "steps": [["turn", d]]}
    if word == "about":
        return {"do": "move", "steps": [["about"]]}
    if word in ("fire", "attack"):
        w = c.next("the target stand")
        target = ctx.stand_id(w.text, w.column)
        if ctx.st.stands[target].side == ctx.side:
            raise LineError(f"{target} is one of your own stands", w.column, "PC.FIRE.8")
        return {"do": word, "target": target}
    return {"do": word}


def _stand_line(sid: str) -> Any:
    def parse(c: Cursor, ctx: _Ctx) -> Order:
        stands = [ctx.own(sid, c.verb.column)]
        if c.accept("with"):
            while c.more() and c.peek() not in ("move", "turn", "hold", "rally", "opportunity"):
                w = c.next("a stand")
                stands.append(ctx.own(ctx.stand_id(w.text, w.column), w.column))
        actions = [_action(c, ctx)]
        while c.accept("then"):
            actions.append(_action(c, ctx))
        group_rally = [a["do"] for a in actions] in (["rally"], ["opportunity"])
        group_moves = all(
            a["do"] == "move" and len({s[0] for s in a["steps"]}) == 1 and a["steps"][0][0] in ("hex", "turn")
            for a in actions
        )
        if len(stands) > 1 and not (group_rally or group_moves):
            raise LineError(
                "a group moves by hex steps or turns (each move one or the other), or rallies together",
                c.verb.column, "PC.MOVE.14", "STAND with STAND... move HEX... [then move HEX...] | ... turn left | ... rally",
            )  # fmt: skip
        from .activation import _check_menu

        why = _check_menu(actions)
        if why:
            raise LineError(why, c.verb.column, "PC.SEQ.8")
        _check_path(ctx, stands[0], actions, c)
        return {"stands": stands, "actions": actions}

    return parse


def _check_path(ctx: _Ctx, sid: str, actions: list[Order], c: Cursor) -> None:
    """Each hex step must be next to the one before, from where the stand stands now [PC.MOVE.1]."""
    st = ctx.st
    here = st.stands[sid].hex
    for a in actions:
        for stp in a.get("steps", []):
            if stp[0] != "hex":
                continue
            h = Hex(stp[1], stp[2])
            if h.distance(here) != 1:
                raise LineError(
                    f"{st.label(h)} is not next to {st.label(here)}: list every hex of the path",
                    c.verb.column,
                    "PC.MOVE.1",
                )
            here = h


def grammar(st: State, side: str | None = None) -> Grammar[_Ctx, Order]:
    g: Grammar[_Ctx, Order] = Grammar("proconsul")
    g.verb("declare", _declare, usage="declare GROUP")
    g.verb("group", _group, usage="group GROUP")
    g.verb("general", _general, usage="general move HEX... [attach STAND | detach]")
    g.verb("end", _end, aliases=("done",), usage="end")
    g.verb("script", _script, usage="script GROUP (then that group's orders)")
    g.verb(
        "standing",
        _standing,
        usage="standing KEY yes|no|ask | standing DISTANCE full|N|ask | standing PATH straight|ask",
    )
    for s in st.live(side):
        if s.id.lower() not in ("declare", "group", "general", "end", "done", "standing", "script"):
            g.verb(
                s.id,
                _stand_line(s.id),
                usage=f"{s.id} [with STAND...] move HEX... | fire STAND | attack STAND | rally | opportunity | hold [then ...]",
            )
    return g


def parse(st: State, side: str, text: str) -> list[Order]:
    """Every order in `text`, or OrdersRejected with every mistake [PC.PBEM.10]."""
    ctx = _Ctx(st, side)
    result = grammar(st, side).read(text, ctx)
    errors = list(result.errors)
    orders = [dict(o, line=line.number) for line, o in result.orders]
    if st.phase is Phase.DECLARE:
        decl = [o for o in orders if "declare" in o]
        loose = next((o for o in orders if ("stands" in o or "general" in o) and not _in_script(orders, o)), None)
        if loose is not None:
            errors.append(
                OrderError(loose["line"], 1, "PC.PBEM.9", "stand orders now need a `script GROUP` line above them")
            )
        if len(decl) != 1 and not errors:
            groups = ", ".join(g.id for g in st.unactivated(side))
            errors.append(OrderError(0, 0, "PC.SEQ.2", "declare exactly one group", "", f"declare one of: {groups}"))
    elif not ctx.group and not errors:
        groups = ", ".join(g.id for g in st.unactivated(side))
        errors.append(
            OrderError(
                0,
                0,
                "PC.SEQ.3",
                "only your side has groups left: name the one to activate",
                "",
                f"group one of: {groups}",
            )
        )
    if errors:
        raise OrdersRejected(errors)
    return orders


def _in_script(orders: list[Order], order: Order) -> bool:
    return any("script" in o and o["line"] < order["line"] for o in orders)


def scripts(orders: list[Order]) -> dict[str, list[Order]]:
    """The pre-scripted orders of a declaration message, by group [PC.PBEM.9]."""
    out: dict[str, list[Order]] = {}
    current = ""
    for o in orders:
        if "script" in o:
            current = o["script"]
            out[current] = []
        elif current and ("stands" in o or "general" in o):
            out[current].append(o)
    return out


def canonical(st: State, orders: list[Order]) -> str:
    lines = []
    for o in orders:
        if "declare" in o:
            lines.append(f"declare {o['declare']}")
        elif "group" in o:
            lines.append(f"group {o['group']}")
        elif "end" in o:
            lines.append("end")
        elif "standing" in o:
            lines.append(f"standing {o['standing']} {o['value']}")
        elif "script" in o:
            lines.append(f"script {o['script']}")
        elif "general" in o:
            parts = ["general"]
            if o["path"]:
                parts += ["move", *(st.label(Hex(q, r)) for q, r in o["path"])]
            if o["attach"]:
                parts += ["attach", o["attach"]]
            if o["detach"]:
                parts.append("detach")
            lines.append(" ".join(parts))
        else:
            head = o["stands"][0] + ("" if len(o["stands"]) == 1 else " with " + " ".join(o["stands"][1:]))
            lines.append(f"{head} " + " then ".join(_action_text(st, a) for a in o["actions"]))
    return "\n".join(lines)


def _action_text(st: State, a: Order) -> str:
    if a["do"] == "move":
        words = []
        for stp in a["steps"]:
            if stp[0] == "hex":
                words.append(st.label(Hex(stp[1], stp[2])))
            elif stp[0] == "turn":
                words.append("left" if stp[1] == 1 else "right")
            elif stp[0] == "face":
                words.append(f"face {G.NAME_OF_FACING[stp[1]]}")
            else:
                words.append("about")
        return "move " + " ".join(words)
    if a["do"] in ("fire", "attack"):
        return f"{a['do']} {a['target']}"
    return str(a["do"])
