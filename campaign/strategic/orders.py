"""The strategic game's two order languages: a side's army moves, and the umpire's battle results.

Moves (sealed until every side's are in [CAMP.MOVE.3])::

    move N1 to ford        # along connections, at most the movement points [CAMP.MOVE.1, CAMP.MOVE.2]
    hold N2                # armies not named hold

A battle result (the umpire: the campaign itself for a battle it created, or the referee for a battle
fought on a real table [CAMP.BATTLE.5])::

    result ford winner north game 3      # or `winner draw`; `table` instead of `game N` for a table battle
    loss S1 S1.2 2                        # army, unit, stands lost
    reason the south broke on turn 4      # required for a table battle
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from campaign.kit.words import did_you_mean
from campaign.ruleset import AcceptedOrders, OrderError, OrdersRejected
from campaign.strategic.rules import alive, path_cost


def _lines(text: str) -> list[tuple[int, str, list[str]]]:
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line:
            out.append((number, raw, line.split()))
    return out


def parse_moves(state: Mapping[str, Any], side: str, text: str) -> AcceptedOrders:
    """A side's moves for this turn; every mistake reported with its line and rule ID."""
    errors: list[OrderError] = []
    moves: dict[str, str] = {}
    own = {a: x for a, x in state["armies"].items() if x["side"] == side and alive(x)}
    for number, raw, words in _lines(text):
        if [w.lower() for w in words] == ["hold"]:
            continue  # a bare `hold`: every army holds (a side with no army left sends just that)
        error = _move_line(state, side, own, moves, number, raw, words)
        if error is not None:
            errors.append(error)
    if errors:
        raise OrdersRejected(errors)
    canonical = "\n".join(
        f"move {a} to {d}" if d != own[a]["region"] else f"hold {a}" for a, d in sorted(moves.items())
    )
    return AcceptedOrders(side, f"moves-{state['turn']}", {"moves": dict(sorted(moves.items()))}, canonical or "hold")


def _move_line(
    state: Mapping[str, Any],
    side: str,
    own: Mapping[str, Any],
    moves: dict[str, str],
    number: int,
    raw: str,
    words: list[str],
) -> OrderError | None:
    """One `move ARMY to REGION` or `hold ARMY` line: recorded in `moves`, or the error it makes."""
    verb = words[0].lower()
    if verb not in ("move", "hold"):
        return OrderError(
            number, 1, "CAMP.MOVE.3", f"unknown order {words[0]!r}", raw, "move ARMY to REGION, or hold ARMY"
        )
    if len(words) < 2 or words[1] not in own:
        name = words[1] if len(words) > 1 else ""
        hint = did_you_mean(name, own, "your armies")
        return OrderError(number, len(words[0]) + 2, "CAMP.MOVE.3", f"{name!r} is not an army of {side}", raw, hint)
    aid = words[1]
    if aid in moves:
        return OrderError(number, 1, "CAMP.MOVE.3", f"army {aid} has two orders", raw, "one line per army")
    if verb == "hold":
        moves[aid] = own[aid]["region"]
        return None
    if len(words) != 4 or words[2].lower() != "to":
        hint = f"move {aid} to {own[aid]['region']}"
        return OrderError(number, 1, "CAMP.MOVE.3", "a move reads `move ARMY to REGION`", raw, hint)
    dest = words[3].lower()
    if dest not in state["regions"]:
        col = raw.lower().index(" to ") + 5
        return OrderError(
            number, col, "CAMP.MOVE.2", f"no region {dest!r}", raw, did_you_mean(dest, state["regions"], "regions")
        )
    mp = int(state["rules"]["move_points"])
    cost = path_cost(state, own[aid]["region"], dest)
    if cost is None or cost > mp:
        away = cost if cost is not None else "no"
        why = f"{dest} is {away} movement points away; an army has {mp} a turn"
        return OrderError(number, 1, "CAMP.MOVE.1", why, raw, "choose a nearer region")
    moves[aid] = dest
    return None


def _loss(
    state: Mapping[str, Any],
    number: int,
    raw: str,
    words: list[str],
    losses: dict[str, dict[str, int]],
    errors: list[OrderError],
    armies: list[str],
) -> None:
    if len(words) != 4 or not words[3].isdigit():
        errors.append(
            OrderError(number, 1, "CAMP.BATTLE.3", "a loss reads `loss ARMY UNIT STANDS`", raw, "loss N1 N1.2 1")
        )
        return
    aid, uid, n = words[1], words[2], int(words[3])
    if aid not in armies:
        errors.append(
            OrderError(
                number,
                6,
                "CAMP.BATTLE.3",
                f"{aid!r} did not fight this battle",
                raw,
                did_you_mean(aid, armies, "its armies"),
            )
        )
        return
    units = {u["id"]: u for u in state["armies"][aid]["units"]}
    if uid not in units:
        errors.append(
            OrderError(
                number,
                7 + len(aid),
                "CAMP.BATTLE.3",
                f"{aid} has no unit {uid!r}",
                raw,
                did_you_mean(uid, units, "its units"),
            )
        )
    elif n > units[uid]["stands"]:
        errors.append(
            OrderError(number, 1, "CAMP.BATTLE.3", f"unit {uid} has only {units[uid]['stands']} stands", raw, "")
        )
    else:
        losses.setdefault(aid, {})[uid] = n


def _head(
    state: Mapping[str, Any], number: int, raw: str, words: list[str], errors: list[OrderError]
) -> dict[str, Any] | None:
    open_regions = {b["region"]: b for b in state["battles"] if b["result"] is None}
    if len(words) < 4 or words[2].lower() != "winner":
        errors.append(
            OrderError(
                number,
                1,
                "CAMP.BATTLE.3",
                "a result reads `result REGION winner SIDE|draw game N` or `... table`",
                raw,
                "result ford winner north table",
            )
        )
        return None
    rid, winner = words[1].lower(), words[3].lower()
    if rid not in open_regions:
        errors.append(
            OrderError(
                number,
                8,
                "CAMP.BATTLE.3",
                f"no battle waits for a result at {rid!r}",
                raw,
                did_you_mean(rid, open_regions, "battles waiting"),
            )
        )
        return None
    if winner != "draw" and winner not in state["sides"]:
        errors.append(
            OrderError(
                number,
                1,
                "CAMP.BATTLE.3",
                f"{winner!r} is not a side",
                raw,
                did_you_mean(winner, state["sides"], "sides"),
            )
        )
        return None
    rest = [w.lower() for w in words[4:]]
    if rest == ["table"]:
        game, by = None, "referee"
    elif len(rest) == 2 and rest[0] == "game" and rest[1].isdigit():
        game, by = int(rest[1]), "engine"
    else:
        errors.append(
            OrderError(
                number,
                1,
                "CAMP.BATTLE.5",
                "say where it was fought: `game N` or `table`",
                raw,
                f"result {rid} winner {winner} table",
            )
        )
        return None
    return {
        "region": rid,
        "winner": None if winner == "draw" else winner,
        "game": game,
        "by": by,
        "losses": {},
        "reason": "",
        "armies": list(open_regions[rid]["armies"]),
    }


def parse_result(state: Mapping[str, Any], text: str) -> AcceptedOrders:
    """The umpire's result of one battle; every mistake reported with its line."""
    errors: list[OrderError] = []
    head: dict[str, Any] | None = None
    for number, raw, words in _lines(text):
        verb = words[0].lower()
        if verb == "result" and head is None:
            head = _head(state, number, raw, words, errors)
        elif verb == "loss" and head is not None:
            _loss(state, number, raw, words, head["losses"], errors, head["armies"])
        elif verb == "reason" and head is not None:
            head["reason"] = " ".join(words[1:])
        elif verb not in ("result", "loss", "reason"):
            errors.append(
                OrderError(number, 1, "CAMP.BATTLE.3", f"unknown line {words[0]!r}", raw, "result / loss / reason")
            )
        elif not errors:
            errors.append(OrderError(number, 1, "CAMP.BATTLE.3", "one `result` line first, and only one", raw, ""))
    if head is None and not errors:
        errors.append(OrderError(0, 0, "CAMP.BATTLE.3", "no `result` line", "", "result ford winner north table"))
    if head is not None and head["by"] == "referee" and not head["reason"]:
        errors.append(
            OrderError(
                0,
                0,
                "CAMP.BATTLE.5",
                "a battle fought on a table needs a `reason` line",
                "",
                "reason the south broke on turn 4 (club night, 3 May)",
            )
        )
    if errors or head is None:
        raise OrdersRejected(errors)
    head.pop("armies")
    lines = [
        f"result {head['region']} winner {head['winner'] or 'draw'} "
        + (f"game {head['game']}" if head["game"] else "table")
    ]
    lines += [f"loss {a} {u} {n}" for a, us in sorted(head["losses"].items()) for u, n in sorted(us.items())]
    lines += [f"reason {head['reason']}"] if head["reason"] else []
    return AcceptedOrders("umpire", f"battle-{state['turn']}-{head['region']}", head, "\n".join(lines))
