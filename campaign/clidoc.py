"""The command-line reference (docs/cli.md), generated from the click commands themselves.

``python -m campaign.clidoc > docs/cli.md`` rewrites it; a test fails when the file is stale, so
the reference can never drift from what ``campaign --help`` says.
"""

from __future__ import annotations

import inspect

import click

CONVENTIONS = """\
# Command-line reference

Generated from the commands by `python -m campaign.clidoc > docs/cli.md`; a test keeps it current.

## Conventions

One name means one idea in every command:

| name | meaning |
|---|---|
| `GAME` | a game's number as `game new` printed it (`1`, `game:1` and `#1` also work) |
| `PLAYER` | a player's name as given to `player add` |
| `SIDE` | a side as the scenario names it (`york`); `game new --side SIDE=PLAYER` pairs it with a player |
| `--json` | machine-readable output on standard output (one JSON document, or JSON Lines where said) |
| `-o, --output FILE` | write the result to FILE instead of standard output |
| `--reason TEXT` | why the referee did something; logged with the event and told to the players |
| `--db PATH` | the campaign file (also `$CAMPAIGN_DB`) |

Exit codes: `0` done; `1` a mistake in what was asked (an unknown game, a refused order, a file
that cannot be read), with one plain line on standard error saying what and where; `2` the
command line itself is wrong (a missing argument, an unknown option), with click's usage message.
Nothing is written to the campaign file when a command exits non-zero.
"""


def _walk(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], click.Command]]:
    out: list[tuple[tuple[str, ...], click.Command]] = []
    for name in sorted(group.commands):
        cmd = group.commands[name]
        path = (*prefix, name)
        out.append((path, cmd))
        if isinstance(cmd, click.Group):
            out += _walk(cmd, path)
    return out


def _options(cmd: click.Command, ctx: click.Context) -> list[str]:
    rows = []
    for param in cmd.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is None or "--help" in record[0]:
            continue
        names, text = record
        rows.append(f"| `{names}` | {text.replace('|', '/')} |")
    return ["| option | meaning |", "|---|---|", *rows] if rows else []


def reference(main: click.Group) -> str:
    """The whole reference as Markdown."""
    out = [CONVENTIONS]
    for path, cmd in [((), main), *_walk(main)]:
        name = " ".join(("campaign", *path))
        ctx = click.Context(cmd, info_name=name)
        out.append(f"## `{name}`\n")
        out.append("```\n" + cmd.get_usage(ctx).strip() + "\n```\n")
        if cmd.help:
            out.append(_help_text(cmd.help) + "\n")
        if isinstance(cmd, click.Group):
            subs = ", ".join(f"`{name} {sub}`" for sub in sorted(cmd.commands))
            out.append(f"Commands: {subs}\n")
        options = _options(cmd, ctx)
        if options:
            out.append("\n".join(options) + "\n")
    return "\n".join(out)


def _help_text(text: str) -> str:
    """Click's help text as Markdown: \\b blocks become code blocks."""
    lines = []
    block = False
    for raw in inspect.cleandoc(click.unstyle(text)).splitlines():
        line = raw.rstrip()
        if line.strip() == "\b":
            block = True
            lines.append("```")
            continue
        if block and not line.strip():
            lines.append("```")
            block = False
        lines.append(line.strip() if not block else line)
    if block:
        lines.append("```")
    return "\n".join(lines)


if __name__ == "__main__":
    from campaign.cli import main as _main

    click.echo(reference(_main), nl=False)
