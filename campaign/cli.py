"""The `campaign` command line: one entry point for people and cron.

Heavy modules are imported inside the commands that use them, so `campaign --help` starts fast.
User mistakes exit 1 with a plain message on stderr; misuse of the command line exits 2.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click

from campaign.clictx import (
    CONTEXT_SETTINGS,
    DB_ENV,
    Ctx,
    _friendly,
    check_db_path,
    check_output_path,
    one_output,
    pass_ctx,
)


@click.group(context_settings=CONTEXT_SETTINGS)
@click.option(
    "--db",
    envvar=DB_ENV,
    default="campaign.db",
    show_default=True,
    metavar="PATH",
    help=f"The campaign file (also ${DB_ENV}).",
)
@click.option(
    "--outbox",
    envvar="CAMPAIGN_OUTBOX",
    default=None,
    metavar="DIR",
    help="Maildir where replies and digests are queued (also $CAMPAIGN_OUTBOX; default: outbox/ beside the file).",
)
@click.option(
    "--mail-from", envvar="CAMPAIGN_FROM", default=None, metavar="ADDR", help="From address of outgoing mail."
)
@click.option(
    "--referee-email", envvar="CAMPAIGN_REFEREE", default=None, metavar="ADDR", help="Referee copy of digests."
)
@click.version_option(package_name="campaign", prog_name="campaign")
@click.pass_context
def main(ctx: click.Context, db: str, outbox: str | None, mail_from: str | None, referee_email: str | None) -> None:
    """Run play-by-email wargame campaigns: orders in, dice rolled fairly, every event on record.

    \b
    Example:
      campaign init && campaign player add alice --email alice@example.org
    """
    ctx.obj = Ctx(db, outbox, mail_from, referee_email)


# --- campaign ----------------------------------------------------------------------------------


@main.command(context_settings=CONTEXT_SETTINGS)
@click.option("--name", default="", help="A name for the campaign (default: the file's name).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def init(ctx: Ctx, name: str, as_json: bool) -> None:
    """Create a new campaign file.

    \b
    Example:
      campaign --db wars-of-the-roses.db init --name "Wars of the Roses"
    """
    if Path(ctx.db).exists():
        raise click.ClickException(f"{ctx.db} already exists; choose another --db path")
    camp = ctx.campaign(create=True)
    camp.init(name or Path(ctx.db).stem)
    if as_json:
        click.echo(json.dumps({"db": ctx.db, "name": name or Path(ctx.db).stem}))
        return
    click.echo(f"created campaign {ctx.db}")


@main.group(context_settings=CONTEXT_SETTINGS)
def player() -> None:
    """Players of the campaign.

    \b
    Example:
      campaign player add alice --email alice@example.org
    """


@player.command("add", context_settings=CONTEXT_SETTINGS)
@click.argument("name")
@click.option("--email", required=True, metavar="ADDR", help="Where the player's digests go.")
@click.option("--tz", default=None, metavar="ZONE", help="The time zone deadlines are shown in (e.g. Europe/Paris).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def player_add(ctx: Ctx, name: str, email: str, tz: str | None, as_json: bool) -> None:
    """Add a player to the campaign and issue their order password (printed once).

    \b
    Example:
      campaign player add bob --email bob@example.org
    """
    camp = ctx.campaign()
    p = camp.add_player(name, email, tz)
    password = camp.set_password(p.name)
    if as_json:
        click.echo(json.dumps({"name": p.name, "email": p.email, "tz": p.tz, "password": password}))
        return
    click.echo(f"added player {p.name} <{p.email}>")
    click.echo(f"order password for {p.name}: {password}  (give it to the player; it is stored only as a hash)")


@player.command("set", context_settings=CONTEXT_SETTINGS)
@click.argument("name")
@click.option("--email", required=True, metavar="ADDR", help="The player's new address.")
@click.option("--reason", default="", help="Why (logged with the change).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def player_set(ctx: Ctx, name: str, email: str, reason: str, as_json: bool) -> None:
    """Change a player's email address; digests and replies go to the new one from now on.

    \b
    Example:
      campaign player set alice --email alice@new.example.org --reason "moved provider"
    """
    from campaign.referee import set_email

    info = set_email(ctx.campaign(), name, email, reason)
    if as_json:
        click.echo(json.dumps(info))
        return
    click.echo(f"{info['name']} now gets mail at {info['email']}")


@player.command("list", context_settings=CONTEXT_SETTINGS)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def player_list(ctx: Ctx, as_json: bool) -> None:
    """List the campaign's players.

    \b
    Example:
      campaign player list --json
    """
    players = ctx.campaign(readonly=True).players()
    if as_json:
        click.echo(json.dumps([{"name": p.name, "email": p.email, "tz": p.tz} for p in players.values()], indent=2))
        return
    for p in players.values():
        click.echo(f"{p.name:16} {p.email}" + (f"  ({p.tz})" if p.tz != "UTC" else ""))


# --- games -------------------------------------------------------------------------------------


@main.group(context_settings=CONTEXT_SETTINGS)
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
        click.echo(json.dumps({"game": gs.number, "stream": gs.stream, "commitment": gs.commitments.get(1)}))
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
    camp = ctx.campaign(readonly=True)
    if as_json:
        rows = [_status_dict(camp.load(g), camp) for g in camp.games()]
        click.echo(json.dumps(rows, indent=2))
        return
    for g in camp.games():
        r = _list_row(camp, g)
        state = r["ended"]["reason"] if r["ended"] else _phase_label(r["turn"], r["phase"])
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
        return {"game": gs.number, "ruleset": rs.name, "scenario": gs.scenario, "ended": gs.ended,
                "turn": rs.turn(gs.state), "phase": rs.phase(gs.state)}
    number = int(stream.split(":", 1)[1])
    return {"game": number, "ruleset": find(first.payload["ruleset"]).name, "scenario": first.payload["scenario"],
            "ended": ended, "turn": 0, "phase": ""}


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
    from campaign.referee import replace_player

    camp = ctx.campaign()
    info = replace_player(camp, game_ref, side, new_player, reason)
    ctx.after_change(camp)
    if as_json:
        click.echo(json.dumps(info))
        return
    click.echo(f"{info['side']} is now played by {info['new']} (was {info['old']})")


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


def _print_ended(info: dict[str, Any], as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(info))
        return
    click.echo(f"game over: {info['reason']}; winner {info['winner'] or 'nobody'}")


# --- orders ------------------------------------------------------------------------------------


@main.group(context_settings=CONTEXT_SETTINGS)
def orders() -> None:
    """Orders for a game.

    \b
    Example:
      campaign orders submit 1 --player alice orders.txt
    """


@orders.command("submit", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.argument("source", type=click.File("r", encoding="utf-8"), default="-", metavar="[FILE|-]")
@click.option("--player", required=True, help="The player sending the orders.")
@click.option("--side", default=None, help="The side, if the player commands more than one.")
@click.option("--json", "as_json", is_flag=True, help="Print the receipt as JSON.")
@pass_ctx
@_friendly
def orders_submit(ctx: Ctx, game_ref: str, source: Any, player: str, side: str | None, as_json: bool) -> None:
    """Check orders against the rules and file them; resolve the phase when everyone has.

    Orders come from FILE, or standard input when FILE is '-' or missing. Refused orders
    are listed with line numbers and change nothing.

    \b
    Example:
      campaign orders submit 1 --player alice orders.txt
      echo "pass" | campaign orders submit 1 --player bob -
    """
    text = source.read()
    camp = ctx.campaign()
    receipt = camp.submit_orders(game_ref, player, text, side=side, via={"entered_by": "referee", "for": player})
    pending = camp.advance(receipt.game)
    ctx.after_change(camp)
    from campaign.service import WaitingForDecision, WaitingForDice

    waiting = pending.needed if isinstance(pending, WaitingForDice) else None
    decision = (
        {"side": pending.side, "key": pending.key, "question": pending.question, "options": list(pending.options)}
        if isinstance(pending, WaitingForDecision)
        else None
    )
    if as_json:
        click.echo(
            json.dumps(
                {
                    "game": receipt.game,
                    "side": receipt.side,
                    "key": receipt.key,
                    "orders_hash": receipt.orders_hash,
                    "seq": receipt.seq,
                    "chain_head": camp.store.head()[1],
                    "resolved": [
                        {"seq": r.seq, "turn": r.turn, "phase": r.phase, "narrative": r.narrative, "dice": r.rolls}
                        for r in receipt.resolved
                    ],
                    "waiting_for_dice": waiting,
                    "waiting_for_decision": decision,
                },
                indent=2,
            )
        )
        return
    from campaign.templating import render

    click.echo(
        render(
            "receipt.txt.j2",
            side=receipt.side,
            game=receipt.game.split(":")[1],
            key=receipt.key,
            seq=receipt.seq,
            canonical=receipt.canonical,
            orders_hash=receipt.orders_hash,
            resolved=receipt.resolved,
            waiting=waiting,
            decision=decision,
            chain_head=camp.store.head()[1],
        ),
        nl=False,
    )


@orders.command("withdraw", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--player", required=True, help="The player taking orders back.")
@click.option("--side", default=None, help="The side, if the player commands more than one.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def orders_withdraw(ctx: Ctx, game_ref: str, player: str, side: str | None, as_json: bool) -> None:
    """Take back orders on file, until a die has been rolled on them.

    \b
    Example:
      campaign orders withdraw 1 --player alice
    """
    key = ctx.campaign().withdraw(game_ref, player, side)
    if as_json:
        click.echo(json.dumps({"withdrawn": key}))
        return
    click.echo(f"withdrew the orders on file for {key}")


@orders.command("wait", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--player", required=True, help="The player asking.")
@click.option("--side", default=None, help="The side, if the player commands more than one.")
@click.option("--off", is_flag=True, help="Take the wait back (NOWAIT): resolve as soon as everyone is in.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def orders_wait(ctx: Ctx, game_ref: str, player: str, side: str | None, off: bool, as_json: bool) -> None:
    """Ask that the phase not resolve before its deadline (WAIT), or take that back.

    \b
    Example:
      campaign orders wait 1 --player alice
    """
    ctx.campaign().set_wait(game_ref, player, not off, side)
    if as_json:
        click.echo(json.dumps({"wait": not off}))
        return
    click.echo("the phase will wait for its deadline" if not off else "the phase resolves as soon as everyone is in")


@main.command(context_settings=CONTEXT_SETTINGS)
@click.option("--now", "now", default=None, metavar="ISO-TIME", help="The time to act at (default: the clock).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def tick(ctx: Ctx, now: str | None, as_json: bool) -> None:
    """Apply deadlines: remind late players, then apply each game's missed-orders policy.

    Safe to run from cron as often as you like; the time it acted at is logged.

    \b
    Example:
      */15 * * * * campaign --db /srv/wars.db tick
      campaign tick --now 2026-12-01T18:00:00Z --json
    """
    from campaign.deadlines import format_time, parse_time
    from campaign.eventlog import utc_now
    from campaign.referee import relative, side_deadlines

    camp = ctx.campaign()
    moment = parse_time(now or utc_now())
    report = camp.tick(format_time(moment))
    ctx.after_change(camp)
    if as_json:
        click.echo(json.dumps(report, indent=2))
        return
    if not report:
        upcoming = sorted(
            (
                (d.due, camp.load(g).number, d)
                for g in camp.games()
                for d in side_deadlines(camp, camp.load(g)).values()
            ),
            key=lambda row: (row[0], row[1], row[2].side),
        )
        upcoming = [row for row in upcoming if not row[2].paused]
        click.echo(f"{format_time(moment)}: nothing due", nl=not upcoming)
        if upcoming:
            due, number, d = upcoming[0]
            click.echo(f"; next: game {number}, {d.side} ({d.player}) due {format_time(due)}, {relative(due, moment)}")
    for row in report:
        if row["action"] == "resolved":
            click.echo(f"game {row['game']}: resolved {row['resolutions']} phase(s)")
        elif row["action"] == "reminded":
            click.echo(f"game {row['game']}: reminded {row['side']} ({row['player']}), due {row['deadline']}")
        else:
            click.echo(f"game {row['game']}: {row['side']} ({row['player']}) {row['action']}: {row['orders']}")


@main.group(context_settings=CONTEXT_SETTINGS)
def referee() -> None:
    """The referee's tools: corrections and passwords.

    \b
    Example:
      campaign referee void 1 42 --reason "orders were for the wrong game"
    """


@referee.command("void", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.argument("seqs", nargs=-1, type=int, required=True, metavar="SEQ...")
@click.option("--reason", required=True, help="Why; everyone is told.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def referee_void(ctx: Ctx, game_ref: str, seqs: tuple[int, ...], reason: str, as_json: bool) -> None:
    """Void earlier inputs (and the resolutions that followed them); replay skips them from now on.

    Nothing is deleted: the log keeps both timelines, and the voided phase opens again.

    \b
    Example:
      campaign referee void 1 42 --reason "orders were for the wrong game"
    """
    camp = ctx.campaign()
    info = camp.void(game_ref, list(seqs), reason)
    ctx.after_change(camp)
    if as_json:
        click.echo(json.dumps(info, indent=2))
        return
    click.echo(f"voided {', '.join(map(str, info['named']))}: {info['reason']}")
    if info["also"]:
        click.echo(f"also voided, as they followed: {', '.join(map(str, info['also']))}")


@referee.command("password", context_settings=CONTEXT_SETTINGS)
@click.argument("player_name", metavar="PLAYER")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def referee_password(ctx: Ctx, player_name: str, as_json: bool) -> None:
    """Issue a new order password for a player and print it once (only its hash is kept).

    \b
    Example:
      campaign referee password alice
    """
    pw = ctx.campaign().set_password(player_name)
    if as_json:
        click.echo(json.dumps({"player": player_name, "password": pw}))
        return
    click.echo(f"new password for {player_name}: {pw}")


@referee.command("deadline", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option(
    "--set", "set_", default=None, metavar="DURATION", help="Give the game deadlines of this length (72h, 3d)."
)
@click.option("--extend", default=None, metavar="DURATION", help="Push the current deadline back (2d, 12h).")
@click.option("--pause", is_flag=True, help="Stop the clock: no reminders, no missed-orders policy.")
@click.option("--resume", is_flag=True, help="Start the clock again; the time paused is added to the deadline.")
@click.option("--reason", default="", help="Why (told to the players and logged).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def referee_deadline(
    ctx: Ctx, game_ref: str, set_: str | None, extend: str | None, pause: bool, resume: bool, reason: str, as_json: bool
) -> None:
    """Set, extend, pause or resume a game's deadline (one of the four).

    \b
    Example:
      campaign referee deadline 1 --extend 2d --reason "bank holiday"
    """
    from campaign.deadlines import DeadlineAction, parse_duration_hours
    from campaign.referee import change_deadline

    chosen = [(DeadlineAction.SET, set_), (DeadlineAction.EXTEND, extend)]
    chosen += [(DeadlineAction.PAUSE, "")] if pause else []
    chosen += [(DeadlineAction.RESUME, "")] if resume else []
    given = [(a, v) for a, v in chosen if v is not None]
    if len(given) != 1:
        raise click.UsageError("give exactly one of --set, --extend, --pause, --resume")
    action, value = given[0]
    hours = parse_duration_hours(value) if value else 0
    camp = ctx.campaign()
    info = change_deadline(camp, game_ref, action, hours, reason)
    ctx.after_change(camp)
    gs = camp.load(game_ref)
    from campaign.referee import side_deadlines

    due = {s: d.as_json(_now()) for s, d in side_deadlines(camp, gs).items()}
    if as_json:
        click.echo(json.dumps({**info, "game": gs.number, "deadlines": due}))
        return
    click.echo(f"game {gs.number}: deadline {info['action']}" + (f" ({hours} hours)" if hours else ""))
    for d in due.values():
        click.echo(f"  {d['side']} ({d['player']}) due {d['due']}, {d['in']}" + (" [paused]" if d["paused"] else ""))


@referee.command("absence", context_settings=CONTEXT_SETTINGS)
@click.argument("player_name", metavar="PLAYER")
@click.argument("start")
@click.argument("end")
@click.option("--reason", required=True, help="Why (logged).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def referee_absence(ctx: Ctx, player_name: str, start: str, end: str, reason: str, as_json: bool) -> None:
    """Record a player's absence for them (dates inclusive); their deadlines stretch.

    \b
    Example:
      campaign referee absence alice 2026-12-24 2026-12-27 --reason "told me by phone"
    """
    from campaign.referee import absence_for

    info = absence_for(ctx.campaign(), player_name, start, end, reason)
    if as_json:
        click.echo(json.dumps(info))
        return
    click.echo(f"{info['player']} is away from {info['from']} to {info['to']}")


@referee.command("resign", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.argument("side")
@click.option("--reason", required=True, help="Why (told to the players and logged).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def referee_resign(ctx: Ctx, game_ref: str, side: str, reason: str, as_json: bool) -> None:
    """Resign a side on its player's behalf; the game ends as if they had sent RESIGN.

    \b
    Example:
      campaign referee resign 1 valois --reason "bob asked by phone"
    """
    from campaign.referee import resign_for

    camp = ctx.campaign()
    info = resign_for(camp, game_ref, side, reason)
    ctx.after_change(camp)
    _print_ended(info, as_json)


def _now() -> Any:
    """The time for people's eyes ("due in 2 days"): CAMPAIGN_NOW when pinned, else the clock."""
    from campaign.deadlines import parse_time
    from campaign.eventlog import utc_now

    return parse_time(utc_now())


@main.group(context_settings=CONTEXT_SETTINGS)
def mail() -> None:
    """The play-by-email loop: read orders from mail, send replies and digests.

    \b
    Example:
      campaign mail ingest ~/Maildir/campaign && campaign mail send --smtp localhost:25
    """


@mail.command("ingest", context_settings=CONTEXT_SETTINGS)
@click.argument("source", metavar="SOURCE")
@click.option(
    "--trust-authserv",
    "trust",
    multiple=True,
    metavar="ID",
    help="Authserv-id of your own receiving server; only its Authentication-Results count (repeatable).",
)
@click.option(
    "--unchecked",
    type=click.Choice(["refuse", "accept"]),
    default=None,
    help="What mail no trusted server vouches for gets (default: the campaign setting, else refuse).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per message.")
@pass_ctx
@_friendly
def mail_ingest(ctx: Ctx, source: str, trust: tuple[str, ...], unchecked: str | None, as_json: bool) -> None:
    """Read orders from a Maildir, an mbox, an .eml file or imap://user@host/folder.

    Each message is acted on exactly once (by Message-ID) and recorded; players get a reply
    at their address on file (strangers, bounces and automatic mail get none: the reason is
    logged). Only the Authentication-Results of the servers you trust count. The IMAP
    password comes from $CAMPAIGN_IMAP_PASSWORD or a prompt, never from a flag.

    \b
    Example:
      campaign mail ingest ~/Maildir/campaign --trust-authserv mx.example.org
      CAMPAIGN_IMAP_PASSWORD=... campaign mail ingest imap://referee@mail.example.org/INBOX
    """
    from dataclasses import replace

    from campaign.mail.ledger import Unchecked
    from campaign.mail.sources import SourceError
    from campaign.mailflow import ingest

    camp = ctx.campaign()
    settings = replace(
        ctx.mail_settings(), trusted_authserv_ids=trust, unchecked=Unchecked(unchecked) if unchecked else None
    )
    counts: dict[str, int] = {}

    def show(r: Any) -> None:
        counts[r.outcome] = counts.get(r.outcome, 0) + 1
        if as_json:
            click.echo(
                json.dumps(
                    {
                        "message_id": r.message_id,
                        "sender": r.sender,
                        "outcome": r.outcome,
                        "game": r.game,
                        "codes": r.codes,
                        "seq": r.seq,
                        "replied_to": r.replied_to,
                        "unanswered": r.unanswered,
                        "raw_sha256": r.raw_sha256,
                    }
                )
            )
        else:
            extra = f" ({', '.join(r.codes)})" if r.codes else ""
            silent = f"; no reply: {r.unanswered}" if r.unanswered else ""
            click.echo(f"{r.outcome:9} {r.sender or '?':32} game {r.game or '-'}{extra}{silent}", err=False)

    try:
        ingest(camp, source, settings, progress=show)
    except SourceError as exc:
        raise click.ClickException(str(exc)) from None
    if not as_json:
        summary = ", ".join(f"{v} {k}" for k, v in sorted(counts.items())) or "no new messages"
        click.echo(f"{summary}; replies and digests queued in {ctx.mail_settings().outbox}", err=True)


@mail.command("send", context_settings=CONTEXT_SETTINGS)
@click.option("--smtp", "smtp", required=True, metavar="HOST:PORT", help="The SMTP server to hand mail to.")
@click.option("--starttls", is_flag=True, help="Upgrade the connection with STARTTLS.")
@click.option("--user", default=None, help="SMTP user; the password comes from $CAMPAIGN_SMTP_PASSWORD.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def mail_send(ctx: Ctx, smtp: str, starttls: bool, user: str | None, as_json: bool) -> None:
    """Deliver the outbox over SMTP; sent mail moves aside, failures stay queued for the next run.

    \b
    Example:
      campaign mail send --smtp smtp.example.org:587 --starttls --user referee
    """
    from campaign.mail.outbox import send_outbox

    host, sep, port = smtp.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise click.UsageError(f"--smtp {smtp!r} must look like HOST:PORT, e.g. localhost:25")
    password = os.environ.get("CAMPAIGN_SMTP_PASSWORD") if user else None
    if user and password is None:
        raise click.ClickException("set $CAMPAIGN_SMTP_PASSWORD to the SMTP password (it is never a flag)")
    outbox = ctx.mail_settings().outbox
    report = send_outbox(outbox, host, int(port), starttls, user, password)
    if report.dead:
        from campaign.mailflow import record_failures

        record_failures(ctx.campaign(), ctx.mail_settings(), report.dead)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "sent": len(report.sent),
                    "failed": [str(f) for f in report.failed if not f.permanent],
                    "failed_for_good": [{"message_id": f.message_id, "error": f.error} for f in report.dead],
                    "maybe_delivered_twice": list(report.maybe_twice),
                },
                indent=2,
            )
        )
    else:
        click.echo(str(report))
    if report.failed:
        raise click.ClickException(
            f"{len(report.failed)} message(s) not delivered; `campaign mail queue` lists them (failed ones are in"
            f" {outbox / 'failed'})"
        )


@mail.command("queue", context_settings=CONTEXT_SETTINGS)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def mail_queue(ctx: Ctx, as_json: bool) -> None:
    """List the mail waiting in the outbox, in flight when a run stopped, or failed for good.

    \b
    Example:
      campaign mail queue
    """
    from dataclasses import asdict

    from campaign.mail.outbox import outbox_listing

    entries = outbox_listing(ctx.mail_settings().outbox)
    if as_json:
        click.echo(json.dumps([asdict(e) for e in entries], indent=2))
        return
    for e in entries:
        why = f"\n    {e.reason}" if e.reason else ""
        click.echo(f"{e.state:8} {e.message_id} to {', '.join(e.to)}: {e.subject}{why}")
    counts = {state: sum(1 for e in entries if e.state == state) for state in ("queued", "sending", "failed")}
    click.echo(", ".join(f"{n} {state}" for state, n in counts.items()), err=True)


@mail.command("trust", context_settings=CONTEXT_SETTINGS)
@click.argument("authserv_ids", nargs=-1, metavar="[ID]...")
@click.option(
    "--unchecked",
    type=click.Choice(["refuse", "accept"]),
    default=None,
    help="What mail that no trusted server vouches for gets (default refuse).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def mail_trust(ctx: Ctx, authserv_ids: tuple[str, ...], unchecked: str | None, as_json: bool) -> None:
    """Record in the campaign which receiving servers' Authentication-Results count.

    Name the authserv-id your own mail server writes first in Authentication-Results
    (look at a mail you received there). With no ID, prints the current setting.

    \b
    Example:
      campaign mail trust mx.example.org --unchecked refuse
    """
    import re

    from campaign.eventlog import NewEvent
    from campaign.events import CAMPAIGN_STREAM, EventType
    from campaign.mail.ledger import Unchecked, ledger, settings_event

    bad = [i for i in authserv_ids if not re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?", i)]
    if bad:
        raise click.ClickException(
            f"{bad[0]!r} is not an authserv-id: it is the host name your receiving server writes first in"
            " Authentication-Results, such as mx.example.org"
        )
    camp = ctx.campaign()
    if authserv_ids or unchecked:
        current = ledger(camp.store).trust
        ids = authserv_ids or current.authserv_ids
        mode = Unchecked(unchecked) if unchecked else current.unchecked
        payload = settings_event(tuple(ids), mode)
        camp.store.append([NewEvent(CAMPAIGN_STREAM, EventType.MAIL_SETTINGS_SET.value, payload, actor="referee")])
    trust = ledger(camp.store).trust
    if as_json:
        verdict = (trust.unchecked or Unchecked.REFUSE).value
        click.echo(json.dumps({"authserv_ids": list(trust.authserv_ids), "unchecked": verdict}))
        return
    click.echo(f"trusted authserv-ids: {', '.join(trust.authserv_ids) or 'none'}")
    click.echo(f"unchecked mail: {(trust.unchecked or Unchecked.REFUSE).value}")


@mail.command("digests", context_settings=CONTEXT_SETTINGS)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def mail_digests(ctx: Ctx, as_json: bool) -> None:
    """Queue digests for every player with news since their last digest (other commands do this too).

    \b
    Example:
      campaign mail digests
    """
    from campaign.mailflow import dispatch

    queued = dispatch(ctx.campaign(), ctx.mail_settings())
    if as_json:
        click.echo(json.dumps({"queued": list(queued), "outbox": str(ctx.mail_settings().outbox)}))
        return
    click.echo(f"queued {len(queued)} digest(s) in {ctx.mail_settings().outbox}")


# --- status / show / log -----------------------------------------------------------------------


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


@main.command(context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def status(ctx: Ctx, game_ref: str, as_json: bool) -> None:
    """Show who must act in a game, and the dice commitment.

    \b
    Example:
      campaign status 1 --json
    """
    camp = ctx.campaign(readonly=True)
    gs = camp.load(game_ref)
    info = _status_dict(gs, camp)
    info["chain_head"] = camp.store.head()[1]
    from campaign.deadlines import parse_time
    from campaign.mail.ledger import lockout_lines

    info["mail_lockouts"] = lockout_lines(camp.store, parse_time(camp.store.clock()))
    if as_json:
        click.echo(json.dumps(info, indent=2))
        return
    click.echo(f"game {info['game']}: {info['ruleset']} / {info['scenario']} ({info['dice']} dice)")
    click.echo("sides: " + ", ".join(f"{s}={p}" for s, p in sorted(info["sides"].items())))
    if info["ended"]:
        winner = info["ended"].get("winner") or "nobody (draw)"
        click.echo(f"game over: {info['ended'].get('reason')}; winner {winner}")
    else:
        click.echo(_phase_label(info["turn"], info["phase"]))
        due = {d["side"]: d for d in info["deadlines"]}
        for w in info["waiting_for"]:
            d = due.get(w["side"])
            when = f"; due {d['due']} ({d['in']}{', clock paused' if d['paused'] else ''})" if d else ""
            if w["optional"]:
                click.echo(
                    f"{w['side']} ({w['player']}) may send {w['kind']} for {w['phase']}"
                    f" (optional: the phase does not wait for them){when}"
                )
            else:
                click.echo(f"waiting for {w['side']} ({w['player']}): {w['kind']} for {w['phase']}{when}")
        if not info["deadlines"] and info["waiting_for"]:
            click.echo("no deadline: the phase resolves when every side's orders are in")
        if info["next_die"]:
            nd = info["next_die"]
            click.echo(
                f"waiting for dice: a d{nd['sides']} for {nd['purpose']} (die {nd['queued'] + 1} of this resolution);"
                " enter it with `campaign dice enter`"
            )
        elif info["ready"]:
            click.echo("ready to resolve: nothing mandatory is missing")
        for army in info["army"]:
            facts = "; ".join(f"{k} {v}" for k, v in army["facts"].items() if k != "asked for")
            gens = "; ".join(army["generals"])
            limit = f" of {army['turn_limit']}" if army["turn_limit"] else ""
            extra = (f"; {facts}" if facts else "") + (f"; generals: {gens}" if gens else "")
            click.echo(f"army {army['side']}: turn {army['turn']}{limit}{extra}")
        if info["commitment"]:
            click.echo(f"dice seed {info['seed_no']} commitment {info['commitment']}")
    click.echo(f"{info['events']} events in this game; chain head {info['chain_head']}")
    for line in info["mail_lockouts"]:
        click.echo(line)


@main.command(context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--at", "at_seq", type=int, default=None, metavar="SEQ", help="The board after event SEQ.")
@click.option("--turn", type=int, default=None, metavar="N", help="The board at the end of turn N.")
@click.option("--side", default=None, help="Show only what this side may see.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "svg", "png"]),
    default="text",
    show_default=True,
    help="text for a terminal, json for scripts, svg/png for a picture.",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), default=None, help="Write to a file.")
@click.option("--units", is_flag=True, help="Show the unit cards (every rules value and marker), text or json.")
@pass_ctx
@_friendly
def show(
    ctx: Ctx,
    game_ref: str,
    at_seq: int | None,
    turn: int | None,
    side: str | None,
    fmt: str,
    output: str | None,
    units: bool,
) -> None:
    """Show the board now, after an event, or at the end of a turn.

    \b
    Example:
      campaign show 1 --turn 2 --format png -o turn2.png
    """
    from campaign.replay import state_at_turn

    if at_seq is not None and turn is not None:
        raise click.UsageError("give --at or --turn, not both")
    camp = ctx.campaign(readonly=True)
    now = camp.load(game_ref)
    if turn is not None:
        last = now.ruleset.turn(now.state)
        if not 0 <= turn <= last:
            raise click.ClickException(
                f"game {now.number} has reached turn {last}: --turn takes 0 to {last}, not {turn}"
            )
        gs = state_at_turn(camp.store, now.stream, turn)
    else:
        if at_seq is not None:
            _check_seq_in_game(camp, now, at_seq)
        gs = camp.load(game_ref, seq=at_seq)
    if side is not None and side not in gs.sides:
        raise click.ClickException(f"game {gs.number} has no side {side!r} (sides: {', '.join(sorted(gs.sides))})")
    rs = gs.ruleset
    data: bytes | str
    if units:
        data = _unit_cards(gs, side, fmt)
    elif fmt == "text":
        data = rs.render_text(gs.state, side) + "\n"
    elif fmt == "json":
        data = json.dumps(rs.view(gs.state, side), indent=2, sort_keys=True) + "\n"
    else:
        title = f"Game {gs.number}: {gs.scenario}, turn {rs.turn(gs.state)}"
        picture = rs.picture(gs.state, side, title=title)
        if picture is None:
            raise click.ClickException(f"{rs.name} has no board picture")
        from campaign.render import render_png, render_svg

        data = render_svg(picture) if fmt == "svg" else render_png(picture)
    _emit(data, output, ctx.db)


def _unit_cards(gs: Any, side: str | None, fmt: str) -> str:
    """`show --units`: every unit's card as text or JSON (no picture of cards exists)."""
    from campaign.playerinfo import units_text

    if fmt not in ("text", "json"):
        raise click.UsageError("--units shows text or json, not a picture: use --format text or --format json")
    text, cards = units_text(gs, side)
    return json.dumps(cards, indent=2) + "\n" if fmt == "json" else text + "\n"


def _check_seq_in_game(camp: Any, gs: Any, seq: int) -> None:
    """Refuse an event number outside the game's own span of the log (never show another board)."""
    first = next(iter(camp.store.read(stream=gs.stream)), None)
    start = first.seq if first is not None else 1
    if not start <= seq <= gs.seq:
        raise click.ClickException(
            f"game {gs.number} spans events {start} to {gs.seq}: --at takes a seq in that range, not {seq}"
            " (`campaign log` lists them)"
        )


def _emit(data: bytes | str, output: str | None, db: str = "") -> None:
    if output:
        check_output_path(output, db)
        if isinstance(data, bytes):
            Path(output).write_bytes(data)
        else:
            Path(output).write_text(data, encoding="utf-8")
        click.echo(f"wrote {output}", err=True)
        return
    if isinstance(data, bytes):
        if sys.stdout.isatty():
            raise click.ClickException("a PNG is binary: write it with -o FILE or redirect stdout")
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        click.echo(data, nl=False)


@main.command(context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per event (JSON Lines).")
@pass_ctx
@_friendly
def log(ctx: Ctx, game_ref: str, as_json: bool) -> None:
    """List every event of a game, with the narrative of each resolution.

    \b
    Example:
      campaign log 1 | less
    """
    from campaign.events import EventType, parse_game_ref
    from campaign.replay import apply_event

    camp = ctx.campaign(readonly=True)
    stream = parse_game_ref(game_ref)
    if camp.store.version(stream) == 0:
        raise click.ClickException(f"there is no game {stream.split(':')[1]} in this campaign")
    events = list(camp.store.read(stream=stream))
    voided = {s for ev in events if ev.type == EventType.EVENTS_VOIDED for s in ev.payload["seqs"]}
    gs = None
    known: set[int] = set()  # the timeline as told at the time: corrections count from when they were made
    for ev in events:
        if ev.type == EventType.EVENTS_VOIDED:
            known.update(ev.payload["seqs"])
        gs = apply_event(gs, ev, voided=known)
        if as_json:
            row = ev.as_json()
            row["voided"] = ev.seq in voided
            if ev.type == EventType.PHASE_RESOLVED:
                row["narrative"] = gs.last_narrative
            click.echo(json.dumps(row, ensure_ascii=False))
            continue
        mark = " VOIDED" if ev.seq in voided else ""
        click.echo(f"{ev.seq:>6} v{ev.version:<4} {ev.at}  {ev.type:16} {ev.actor:10} {_summary(ev)}{mark}")
        if ev.type == EventType.PHASE_RESOLVED:
            for line in gs.last_narrative:
                click.echo(f"{'':>12}| {line}")


def _summary(ev: Any) -> str:
    p = ev.payload
    t = ev.type
    if t == "GameCreated":
        return f"{p['ruleset']} / {p['scenario']} sides {p['sides']} dice {p['dice']}"
    if t == "SeedCommitted":
        return f"seed {p['seed_no']} commitment {p['commitment'][:16]}..."
    if t == "SeedRevealed":
        return f"seed {p['seed_no']} = {p['seed'][:16]}..."
    if t == "OrdersSubmitted":
        return f"{p['side']} {p['key']} hash {p['orders_hash'][:12]}"
    if t == "DiceRolled":
        return f"d{p['sides']} = {p['value']}  ({p['purpose']})"
    if t == "DiceEntered":
        return f"values {p['values']}"
    if t == "DiceCleared":
        return f"cleared {p['values']}: {p['reason']}"
    if t == "PhaseResolved":
        return f"{_phase_label(p['turn'], p['phase'])} ({p['dice']} dice) checkpoint {p['checkpoint'][:12]}"
    if t == "GameEnded":
        return f"winner {p.get('winner')}: {p.get('reason')}"
    if t == "EventsVoided":
        return f"voided {p['seqs']}: {p['reason']}"
    return json.dumps(p, ensure_ascii=False)[:80]


# --- audit and dice ----------------------------------------------------------------------------


@main.group(context_settings=CONTEXT_SETTINGS)
def audit() -> None:
    """Check that the record is intact and the dice were fair.

    \b
    Example:
      campaign audit verify
    """


@audit.command("verify", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="[GAME]", required=False)
@click.option("--receipt", "receipts", multiple=True, metavar="HASH", help="A chain head you were given (repeatable).")
@click.option(
    "--receipts",
    "receipt_file",
    default=None,
    metavar="FILE",
    help="A file of receipts: one hash a line, or a saved digest or reply mail.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def audit_verify(
    ctx: Ctx, game_ref: str | None, receipts: tuple[str, ...], receipt_file: str | None, as_json: bool
) -> None:
    """Check the hash chain and your receipts, the dice rules, and replay games comparing every derived fact.

    Exits 1 naming the first bad event (or receipt) if anything fails. Opens the file read-only.

    \b
    Example:
      campaign audit verify 1 --receipt 3f9a...c2 --receipts digest-turn4.eml
    """
    from campaign.audit import verify_campaign
    from campaign.verify_dice import read_receipts

    wanted = [r.strip().lower() for r in receipts]
    if receipt_file is not None:
        try:
            text = Path(receipt_file).read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise click.ClickException(f"--receipts {receipt_file}: cannot read it ({exc.strerror})") from None
        found = read_receipts(text)
        if not found:
            raise click.ClickException(f"--receipts {receipt_file}: no receipt found (a 64-hex chain head per line)")
        wanted += found
    bad = [r for r in wanted if len(r) != 64 or any(c not in "0123456789abcdef" for c in r)]
    if bad:
        raise click.ClickException(f"--receipt {bad[0]!r} is not a chain head (64 hex digits)")
    camp = ctx.campaign(readonly=True)
    report = verify_campaign(camp, game_ref, progress=not as_json, receipts=wanted)
    if as_json:
        click.echo(json.dumps(report.as_json(), indent=2))
    else:
        for line in report.lines:
            click.echo(line)
    if not report.ok:
        raise click.ClickException(report.first_problem or "verification failed")


@audit.command("dice", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def audit_dice_cmd(ctx: Ctx, game_ref: str, as_json: bool) -> None:
    """Re-derive every die of a game from its revealed seeds.

    \b
    Example:
      campaign audit dice 1
    """
    from campaign.service import audit_dice_problems

    camp = ctx.campaign(readonly=True)
    stream = camp.load(game_ref).stream
    rows, problems = audit_dice_problems(camp.store, stream)
    if as_json:
        click.echo(json.dumps({"dice": rows, "problems": problems}, indent=2))
    else:
        for r in rows:
            click.echo(f"{r['seq']:>6}  d{r['sides']:<3} {r['value']:>3}  {r['status']:11} {r['purpose']}")
        counts: dict[str, int] = {}
        for r in rows:
            counts[r["status"].split(":")[0]] = counts.get(r["status"].split(":")[0], 0) + 1
        click.echo("; ".join(f"{k}: {v}" for k, v in sorted(counts.items())) or "no dice rolled yet")
        for problem in problems:
            click.echo(f"FAIL {problem}")
    if problems:
        raise click.ClickException(f"{len(problems)} dice rule(s) broken; first: {problems[0]}")


@audit.command("shadow", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def audit_shadow(ctx: Ctx, game_ref: str, as_json: bool) -> None:
    """Replay a game under the installed engine and list every outcome that would change.

    Use it before letting a new engine version take over a live game.

    \b
    Example:
      campaign audit shadow 1
    """
    from dataclasses import asdict

    from campaign.audit import shadow_replay

    camp = ctx.campaign(readonly=True)
    camp.load(game_ref)
    checked, rows = shadow_replay(camp, game_ref)
    if as_json:
        click.echo(json.dumps({"checked": checked, "differences": [asdict(r) for r in rows]}, indent=2))
        return
    for r in rows:
        what = " and ".join(w for w, d in (("board", r.board_differs), ("narrative", r.narrative_differs)) if d)
        click.echo(f"event {r.resolution_seq} (turn {r.turn}, {r.phase}; input {r.input_seq}): {what} would differ")
        if r.note:
            click.echo(f"    {r.note}")
        for line in r.narrative_now:
            click.echo(f"    now: {line}")
    click.echo(f"{checked} resolutions replayed; {len(rows)} would differ")


@audit.command("bundle", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.argument("out_arg", type=click.Path(dir_okay=False, writable=True), metavar="[OUT.zip]", required=False)
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, writable=True), help="The bundle to write.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def audit_bundle(ctx: Ctx, game_ref: str, out_arg: str | None, output: str | None, as_json: bool) -> None:
    """Write an offline audit bundle a player can check on their own machine.

    \b
    Example:
      campaign audit bundle 1 -o game1-audit.zip
    """
    from campaign.audit import write_bundle

    out = one_output(out_arg, output, "the bundle file")

    check_output_path(out, ctx.db)
    info = write_bundle(ctx.campaign(readonly=True), game_ref, out)
    if as_json:
        click.echo(json.dumps({"out": out, **info}))
        return
    click.echo(
        f"wrote {out}: {info['events']} events, chain head {info['head']}, {info['revealed']} of"
        f" {info['seeds']} seeds revealed"
    )


@main.group(context_settings=CONTEXT_SETTINGS)
def dice() -> None:
    """Dice seeds and hand-entered dice.

    \b
    Example:
      campaign dice reveal 1
    """


@dice.command("reveal", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def dice_reveal(ctx: Ctx, game_ref: str, as_json: bool) -> None:
    """List each dice seed's commitment and, once its turn closed, the seed itself.

    For a finished game, also reveals the last seed if it is still secret.

    \b
    Example:
      campaign dice reveal 1 --json
    """
    from campaign import dice as dice_mod

    camp = ctx.campaign()
    gs = camp.load(game_ref)
    if gs.ended is not None:
        camp.reveal_now(game_ref)
        gs = camp.load(game_ref)
    rows = []
    for no, commit in sorted(gs.commitments.items()):
        seed = gs.revealed.get(no)
        ok = None if seed is None else dice_mod.commitment(bytes.fromhex(seed)) == commit
        rows.append({"seed_no": no, "commitment": commit, "seed": seed, "matches": ok})
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    if not rows:
        click.echo(f"game {gs.number} uses {gs.dice_mode.value} dice: no seeds")
    for r in rows:
        state = "secret until its turn closes" if r["seed"] is None else r["seed"]
        mark = "" if r["matches"] is None else ("  (matches)" if r["matches"] else "  (DOES NOT MATCH)")
        click.echo(f"seed {r['seed_no']}: commitment {r['commitment']}\n        seed {state}{mark}")


@dice.command("clear", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.option("--reason", default="cleared by the referee", show_default=True, help="Why (logged with the event).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def dice_clear(ctx: Ctx, game_ref: str, reason: str, as_json: bool) -> None:
    """Drop the hand-entered dice still queued for a manual-dice game (the log keeps them).

    \b
    Example:
      campaign dice clear 1 --reason "typed the wrong table's dice"
    """
    camp = ctx.campaign()
    ev = camp.clear_dice(game_ref, reason)
    if as_json:
        click.echo(json.dumps({"game": camp.load(game_ref).number, "seq": ev.seq, "cleared": ev.payload["values"]}))
        return
    click.echo(f"cleared {len(ev.payload['values'])} queued dice (event {ev.seq})")


@dice.command("enter", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="GAME")
@click.argument("values", nargs=-1, type=int, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def dice_enter(ctx: Ctx, game_ref: str, values: tuple[int, ...], as_json: bool) -> None:
    """Enter dice rolled on a real table for a manual-dice game, then resolve what is ready.

    \b
    Example:
      campaign dice enter 1 4 2 6
    """
    from campaign.service import WaitingForDecision, WaitingForDice

    camp = ctx.campaign()
    ev = camp.enter_dice(game_ref, list(values))
    ctx.after_change(camp)
    result = camp.advance(game_ref)
    ctx.after_change(camp)
    if as_json:
        click.echo(json.dumps({"entered": list(values), "seq": ev.seq, **_progress_json(result)}))
        return
    click.echo(f"queued {len(values)} dice (event {ev.seq})")
    if isinstance(result, WaitingForDice):
        click.echo(f"still waiting: {result.needed}")
        return
    if isinstance(result, WaitingForDecision):
        click.echo(f"waiting for {result.side}'s decision: {result.question} ({' / '.join(result.options)})")
        return
    for r in result:
        click.echo(f"-- resolved {_phase_label(r.turn, r.phase)} ({r.rolls} dice), event {r.seq}")
        for line in r.narrative:
            click.echo(f"   {line}")


def _progress_json(result: Any) -> dict[str, Any]:
    """What an advance did, for --json: the resolutions, or what the game now waits for."""
    from campaign.service import WaitingForDecision, WaitingForDice

    if isinstance(result, WaitingForDice):
        return {"resolved": [], "waiting": {"dice": result.needed}}
    if isinstance(result, WaitingForDecision):
        waiting = {"decision": {"side": result.side, "question": result.question, "options": list(result.options)}}
        return {"resolved": [], "waiting": waiting}
    resolved = [
        {"seq": r.seq, "turn": r.turn, "phase": r.phase, "dice": r.rolls, "narrative": r.narrative} for r in result
    ]
    return {"resolved": resolved}


@main.command(context_settings=CONTEXT_SETTINGS)
@click.option(
    "-o",
    "--output",
    "--out",
    "out",
    default="demo",
    show_default=True,
    type=click.Path(file_okay=False),
    help="Directory.",
)
@click.option("--seed", default=1, show_default=True, help="Same seed, same battle, byte for byte.")
@click.option(
    "--ruleset",
    "ruleset_name",
    default="hordes-heroes",
    show_default=True,
    help="Any installed rule system with a computer player (see `campaign rulesets`).",
)
@click.option("--scenario", default=None, help="A scenario name or file (default: the rule system's demo scenario).")
@click.option("--force", is_flag=True, help="Replace an earlier demo in --out.")
@_friendly
def demo(out: str, seed: int, ruleset_name: str, scenario: str | None, force: bool) -> None:
    """Watch computer players fight a whole battle by mail, then browse the archive.

    Creates a campaign in --out with a player for each side (alice, bob, ...), plays a battle of
    the chosen rule system between them through the real mail path (order mails in, replies and
    digests out), and writes the static archive. The --db option is not used: the campaign file
    is --out/campaign.db.

    \b
    Example:
      campaign demo --out demo --seed 7 && xdg-open demo/site/index.html
      campaign demo --ruleset hordes-heroes --scenario river-woods --out demo2
    """
    from campaign.demo import DemoError, check_summary, run_demo

    click.echo(f"playing a {ruleset_name} battle by mail in {out} (one line per game turn):", err=True)
    try:
        summary = run_demo(
            Path(out),
            seed,
            ruleset=ruleset_name,
            scenario=scenario,
            force=force,
            progress=lambda p: click.echo(f"  {p.line()}", err=True),
        )
    except DemoError as exc:
        raise click.ClickException(str(exc)) from None
    for line in summary.lines():
        click.echo(line)
    problems = check_summary(summary)
    if problems:
        raise click.ClickException("; ".join(problems))


@main.command("site", context_settings=CONTEXT_SETTINGS)
@click.argument("outdir_arg", type=click.Path(file_okay=False), metavar="[OUTDIR]", required=False)
@click.option("-o", "--output", "output", type=click.Path(file_okay=False), help="The folder to write the pages into.")
@click.option("--game", "games", multiple=True, type=int, help="Only these games (default: all).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def site_cmd(ctx: Ctx, outdir_arg: str | None, output: str | None, games: tuple[int, ...], as_json: bool) -> None:
    """Write the browsable static archive: opens from disk in any browser, no server needed.

    \b
    Example:
      campaign site -o archive && xdg-open archive/index.html
    """
    outdir = one_output(outdir_arg, output, "the folder for the pages")
    from campaign.site import write_site

    check_output_path(outdir, ctx.db, directory=True)
    report = write_site(ctx.campaign(readonly=True), Path(outdir), games=list(games) or None, progress=not as_json)
    if as_json:
        click.echo(json.dumps({"out": outdir, "report": str(report)}))
        return
    click.echo(str(report))


# --- export / import / rulesets ----------------------------------------------------------------


@main.command("export", context_settings=CONTEXT_SETTINGS)
@click.argument("game_ref", metavar="[GAME]", required=False)
@click.option("--with-secrets", is_flag=True, help="Include unrevealed dice seeds (moving a server; keep private).")
@pass_ctx
@_friendly
def export_cmd(ctx: Ctx, game_ref: str | None, with_secrets: bool) -> None:
    """Write the event log as JSON Lines to standard output.

    Without GAME the whole campaign is written and `campaign import` rebuilds it with the
    same chain head. With GAME only that game's events are written, for reading elsewhere.

    \b
    Example:
      campaign export > backup.jsonl
    """
    from campaign.transfer import export_lines

    camp = ctx.campaign(readonly=True)
    if game_ref is not None:
        camp.load(game_ref)  # an unknown game is an error, not an empty export
    for line in export_lines(camp.store, game_ref, with_secrets=with_secrets):
        click.echo(line)


@main.command("import", context_settings=CONTEXT_SETTINGS)
@click.argument("source", type=click.File("r", encoding="utf-8"), metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def import_cmd(ctx: Ctx, source: Any, as_json: bool) -> None:
    """Rebuild a campaign file from `campaign export` output (the --db file must not exist).

    \b
    Example:
      campaign --db restored.db import backup.jsonl
    """
    from campaign.transfer import import_lines

    if Path(ctx.db).exists():
        raise click.ClickException(f"{ctx.db} already exists; import into a new file with --db")
    check_db_path(ctx.db, create=True)
    try:
        count, head, old_dice = import_lines(ctx.db, source)
    except BaseException:
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(ctx.db + suffix):
                os.remove(ctx.db + suffix)
        raise
    if as_json:
        click.echo(json.dumps({"db": ctx.db, "events": count, "head": head}))
        return
    click.echo(f"imported {count} events into {ctx.db}; chain head {head}")
    if old_dice:
        click.echo(
            f"note: {old_dice} dice of this export use the old binding (campaign-dice-v1: bound to the previous"
            " event's hash, which covers the host's clock); they still re-derive, and `audit verify` says so."
            " Dice rolled from now on are bound to the players' inputs."
        )


@main.command(context_settings=CONTEXT_SETTINGS)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@_friendly
def rulesets(as_json: bool) -> None:
    """List the installed rule systems and their scenarios.

    \b
    Example:
      campaign rulesets --json
    """
    from campaign.ruleset import installed

    rows: list[dict[str, Any]] = []
    for rs in installed().values():
        broken = rs.scenario_problems()  # shipped files that cannot be read: named, and left out
        rows.append(
            {
                "name": rs.name,
                "title": rs.title,
                "version": rs.version,
                "aliases": list(rs.aliases),
                "scenarios": [
                    {"name": s.name, "title": s.title, "sides": list(s.sides), "description": s.description}
                    for s in rs.scenarios()
                ],
                "broken": [str(p) for p in broken],
            }
        )
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    if not rows:
        click.echo("no rulesets installed")
    for r in rows:
        aliases = f" (also {', '.join(r['aliases'])})" if r["aliases"] else ""
        click.echo(f"{r['name']} {r['version']}: {r['title']}{aliases}")
        for s in r["scenarios"]:
            click.echo(f"  {s['name']:24} {s['title']}  [sides: {', '.join(s['sides'])}]")
        for line in r["broken"]:
            click.echo(f"warning: {r['name']}: scenario file skipped: {line}", err=True)


from campaign.cli_players import legal, orders_check  # noqa: E402 (registered on the groups defined above)
from campaign.cli_scenario import hex_cmd, scenario  # noqa: E402 (registered on the group defined above)

main.add_command(scenario)
main.add_command(hex_cmd)
main.add_command(legal)
orders.add_command(orders_check)


if __name__ == "__main__":  # pragma: no cover
    main()
