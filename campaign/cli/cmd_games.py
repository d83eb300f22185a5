"""`campaign game ...`: new games, the list, handing a side over, ending or abandoning a game.

Registered on the `campaign` group by campaign/cli/__init__.py. A user mistake exits 1 with a plain
message (clictx._friendly); misuse of the command line exits 2.
"""

from __future__ import annotations

from typing import Any

import click

from campaign.cli.common import _print_ended, _status_dict
from campaign.clictx import (
    CONTEXT_SETTINGS,
    Ctx,
    _friendly,
    pass_ctx,
)


@click.group(context_settings=CONTEXT_SETTINGS)
def game() -> None:
    """Games of the campaign.

    \b
    Example:
      campaign game new --ruleset hordes-heroes --scenario intro-50 --side york=alice --side valois=bob
    """


def _parse_pairs(pairs: tuple[str, ...], what: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise click.UsageError(f"{what} {pair!r} must look like NAME=VALUE")
        if key.strip() in out:
            raise click.UsageError(f"{what} {key.strip()!r} given twice")
        out[key.strip()] = value.strip()
    return out


def _option_value(text: str) -> Any:
    low = text.lower()
    if low in {"true", "yes", "on"}:
        return True
    if low in {"false", "no", "off"}:
        return False
    try:
        return int(text)
    except ValueError:
        return text


@game.command("new", context_settings=CONTEXT_SETTINGS)
@click.option("--ruleset", "ruleset_name", required=True, help="Rule system (see `campaign rulesets`).")
@click.option(
    "--scenario",
    required=True,
    help="A shipped scenario's name (see `campaign rulesets`) or the path of a scenario file (docs/scenarios.md).",
)
@click.option("--side", "sides", multiple=True, required=True, metavar="SIDE=PLAYER", help="Who plays each side.")
@click.option(
    "--dice",
    type=click.Choice(["fair", "manual"]),
    default="fair",
    show_default=True,
    help="fair: commit-reveal dice; manual: dice rolled on a real table and entered by hand.",
)
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="A game option of the ruleset.")
@click.option("--deadline", default=None, metavar="DURATION", help="Time for each phase's orders, e.g. 72h or 3d.")
@click.option(
    "--resolve",
    type=click.Choice(["when-ready", "at-deadline"]),
    default="when-ready",
    show_default=True,
    help="Resolve a phase once every side's orders are in, or only at its deadline (needs --deadline).",
)
@click.option("--grace", default="0", show_default=True, metavar="DURATION", help="Extra time after the deadline.")
@click.option(
    "--reminder", default="24h", show_default=True, metavar="DURATION", help="Remind late players this long before."
)
@click.option(
    "--missed",
    type=click.Choice(["hold", "standing", "bot"]),
    default="hold",
    show_default=True,
    help="What a side that misses its deadline does: nothing, its standing orders, or the computer player's orders.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def game_new(
    ctx: Ctx,
    ruleset_name: str,
    scenario: str,
    sides: tuple[str, ...],
    dice: str,
    options: tuple[str, ...],
    deadline: str | None,
    resolve: str,
    grace: str,
    reminder: str,
    missed: str,
    as_json: bool,
) -> None:
    """Start a game and print its id.

    With --deadline, `campaign tick` reminds late players and, past the deadline and grace,
    files the --missed policy's orders for them. A scenario file's whole text is stored with
    the game, so the game never needs the file again.

    \b
    Example:
      campaign game new --ruleset hordes-heroes --scenario intro-50 \\
          --side york=alice --side valois=bob --dice fair --deadline 3d --missed standing
      campaign game new --ruleset hh --scenario ./somewhere/position.toml \\
          --side york=alice --side lancaster=bob --dice manual
    """
    import json

    from campaign.deadlines import ResolveWhen, Schedule, parse_duration_hours
    from campaign.dice import DiceMode
    from campaign.ruleset import MissedOrders

    side_map = _parse_pairs(sides, "--side")
    opts = {k: _option_value(v) for k, v in _parse_pairs(options, "--option").items()}
    schedule = None
    if deadline is not None:
        hours = parse_duration_hours(deadline)
        if hours < 1:
            raise click.UsageError("--deadline must be at least one hour")
        schedule = Schedule(
            hours,
            parse_duration_hours(grace),
            parse_duration_hours(reminder),
            MissedOrders(missed),
            ResolveWhen(resolve),
        ).as_json()
    elif resolve != "when-ready":
        raise click.UsageError("--resolve at-deadline needs a --deadline")
    camp = ctx.campaign()
    gs = camp.new_game(ruleset_name, scenario, side_map, dice_mode=DiceMode(dice), options=opts, schedule=schedule)
    ctx.after_change(camp)
    if as_json:
        from campaign.service.status import NewGame

        click.echo(json.dumps(NewGame.of(gs).as_json()))
    else:
        click.echo(gs.number)


@game.command("list", context_settings=CONTEXT_SETTINGS)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def game_list(ctx: Ctx, as_json: bool) -> None:
    """List the campaign's games.

    \b
    Example:
      campaign game list
    """
    import json

    from campaign.service.resolution import phase_label

    camp = ctx.campaign(readonly=True)
    if as_json:
        rows = [_status_dict(camp.load(g), camp) for g in camp.games()]
        click.echo(json.dumps(rows, indent=2))
        return
    for g in camp.games():
        r = _list_row(camp, g)
        state = r["ended"]["reason"] if r["ended"] else phase_label(r["turn"], r["phase"])
        click.echo(f"{r['game']:>4}  {r['ruleset']:14} {r['scenario']:20} {state}")


def _list_row(camp: Any, stream: str) -> dict[str, Any]:
    """A `game list` line's facts; a finished game's come from its first and last events (by index),
    with no replay; only a running game is loaded (for its turn and phase)."""
    from campaign.replay import ending_on_file
    from campaign.ruleset import find

    first = camp.store.first(stream)
    ended = ending_on_file(camp.store, stream) if first is not None else None
    if first is None or ended is None:
        gs = camp.load(stream)
        rs = gs.ruleset
        return {
            "game": gs.number,
            "ruleset": rs.name,
            "scenario": gs.scenario,
            "ended": gs.ended,
            "turn": rs.turn(gs.state),
            "phase": rs.phase(gs.state),
        }
    number = int(stream.split(":", 1)[1])
    return {
        "game": number,
        "ruleset": find(first.payload["ruleset"]).name,
        "scenario": first.payload["scenario"],
        "ended": ended,
        "turn": 0,
        "phase": "",
    }


@game.command("replace", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.argument("side")
@click.argument("new_player", metavar="PLAYER")
@click.option("--reason", required=True, help="Why (told to the players and logged).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def game_replace(ctx: Ctx, game_ref: str, side: str, new_player: str, reason: str, as_json: bool) -> None:
    """Hand a side of a running game to another player of the campaign.

    \b
    Example:
      campaign game replace 1 york carol --reason "alice moved abroad"
    """
    import json

    from campaign.referee import replace_player

    camp = ctx.campaign()
    info = replace_player(camp, game_ref, side, new_player, reason)
    ctx.after_change(camp)
    if as_json:
        click.echo(json.dumps(info.as_json()))
        return
    click.echo(f"{info.side} is now played by {info.new} (was {info.old})")


@game.command("end", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--winner", required=True, metavar="SIDE|draw", help="The winning side, or draw.")
@click.option("--reason", required=True, help="The ruling, in words for the players.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def game_end(ctx: Ctx, game_ref: str, winner: str, reason: str, as_json: bool) -> None:
    """End a running game by the referee's ruling: a winner or a draw.

    \b
    Example:
      campaign game end 1 --winner york --reason "valois conceded by phone"
    """
    from campaign.referee import end_game

    camp = ctx.campaign()
    info = end_game(camp, game_ref, None if winner.lower() == "draw" else winner, reason)
    ctx.after_change(camp)
    _print_ended(info, as_json)


@game.command("abandon", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--reason", required=True, help="Why, in words for the players.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def game_abandon(ctx: Ctx, game_ref: str, reason: str, as_json: bool) -> None:
    """Stop a game with no result (it counts for nobody).

    \b
    Example:
      campaign game abandon 2 --reason "both players left the club"
    """
    from campaign.referee import end_game

    camp = ctx.campaign()
    info = end_game(camp, game_ref, None, reason, abandoned=True)
    ctx.after_change(camp)
    _print_ended(info, as_json)
