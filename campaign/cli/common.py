"""Small helpers more than one command module uses (kept here so command modules never import each other)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from campaign.eventdata import GameEnded


def _print_ended(ended: GameEnded, as_json: bool) -> None:
    import json

    if as_json:
        click.echo(json.dumps(ended.as_json()))
        return
    click.echo(f"game over: {ended.reason}; winner {ended.winner or 'nobody'}")


def _now() -> Any:
    """The time for people's eyes ("due in 2 days"): CAMPAIGN_NOW when pinned, else the clock."""
    from campaign.deadlines import parse_time
    from campaign.eventlog import utc_now

    return parse_time(utc_now())


def _status_dict(gs: Any, camp: Any) -> dict[str, Any]:
    """A game's status as `game list --json` prints it (service.status.GameStatus)."""
    from campaign.service.status import GameStatus

    return GameStatus.of(camp, gs, _now()).as_json()
