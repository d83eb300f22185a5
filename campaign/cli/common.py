"""Small helpers more than one command module uses (kept here so command modules never import each other)."""

from __future__ import annotations

import json
from typing import Any

import click


def _print_ended(info: dict[str, Any], as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(info))
        return
    click.echo(f"game over: {info['reason']}; winner {info['winner'] or 'nobody'}")


def _now() -> Any:
    """The time for people's eyes ("due in 2 days"): CAMPAIGN_NOW when pinned, else the clock."""
    from campaign.deadlines import parse_time
    from campaign.eventlog import utc_now

    return parse_time(utc_now())


def _phase_label(turn: int, phase: str) -> str:
    """'turn 3, orders', or the phase alone when it already names its turn."""
    return phase if phase.startswith("turn") else f"turn {turn}, {phase}"


def _status_dict(gs: Any, camp: Any) -> dict[str, Any]:
    from campaign.referee import side_deadlines

    rs = gs.ruleset
    return {
        "game": gs.number,
        "ruleset": rs.name,
        "engine": gs.engine,
        "scenario": gs.scenario,
        "sides": gs.sides,
        "dice": gs.dice_mode.value,
        "turn": rs.turn(gs.state),
        "phase": rs.phase(gs.state),
        "waiting_for": [
            {
                "side": r.side,
                "player": gs.sides.get(r.side),
                "kind": r.kind.value,
                "key": r.key,
                "phase": r.phase,
                "optional": r.optional,
            }
            for r in camp.awaiting(gs)
        ]
        if gs.ended is None
        else [],
        "ready": gs.ended is None and rs.ready(gs.state) and not any(not r.optional for r in camp.awaiting(gs)),
        "army": [rs.army_status(gs.state, s).as_json() for s in sorted(gs.sides)],
        "manual_dice_queued": gs.manual_pool,
        "next_die": (lambda n: n.as_json() if n else None)(camp.dice_needed(gs)),
        "deadlines": [d.as_json(_now()) for d in side_deadlines(camp, gs).values()],
        "seed_no": gs.seed_no,
        "commitment": gs.commitments.get(gs.seed_no),
        "ended": gs.ended,
        "events": gs.version,
        "last_seq": gs.seq,
        "head_hash": gs.head_hash,
    }
