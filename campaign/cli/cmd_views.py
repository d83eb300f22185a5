"""`campaign status`, `show` and `log`: reading a game.

Registered on the `campaign` group by campaign/cli/__init__.py. A user mistake exits 1 with a plain
message (clictx._friendly); misuse of the command line exits 2.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from campaign.cli.common import _now
from campaign.clictx import (
    CONTEXT_SETTINGS,
    Ctx,
    _friendly,
    check_output_path,
    pass_ctx,
)


@click.command(context_settings=CONTEXT_SETTINGS)
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
    import json

    camp = ctx.campaign(readonly=True)
    gs = camp.load(game_ref)
    from campaign.service.status import GameStatus

    info = GameStatus.of(camp, gs, _now(), full=True).as_json()
    if as_json:
        click.echo(json.dumps(info, indent=2))
        return
    click.echo(f"game {info['game']}: {info['ruleset']} / {info['scenario']} ({info['dice']} dice)")
    click.echo("sides: " + ", ".join(f"{s}={p}" for s, p in sorted(info["sides"].items())))
    if info["ended"]:
        winner = info["ended"].get("winner") or "nobody (draw)"
        click.echo(f"game over: {info['ended'].get('reason')}; winner {winner}")
    else:
        from campaign.service.resolution import phase_label

        click.echo(phase_label(info["turn"], info["phase"]))
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


@click.command(context_settings=CONTEXT_SETTINGS)
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
    import json

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
    import json

    from campaign.playerinfo import units_answer

    if fmt not in ("text", "json"):
        raise click.UsageError("--units shows text or json, not a picture: use --format text or --format json")
    cards = units_answer(gs, side)
    return json.dumps(cards.as_json(), indent=2) + "\n" if fmt == "json" else cards.text() + "\n"


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
    from pathlib import Path

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


@click.command(context_settings=CONTEXT_SETTINGS)
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
    import json

    from campaign.cli.results import LogEntry
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
        narrative = tuple(gs.last_narrative) if ev.type == EventType.PHASE_RESOLVED else None
        entry = LogEntry(ev, ev.seq in voided, narrative)
        click.echo(json.dumps(entry.as_json(), ensure_ascii=False) if as_json else entry.text())
