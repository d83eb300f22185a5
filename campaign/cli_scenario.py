"""`campaign scenario check` and `campaign hex`: checking a scenario file, and finding hexes on a map.

Registered on the main command group by campaign/cli/__init__.py. Like every command, a user mistake
exits 1 with a plain message, never a traceback.
"""

from __future__ import annotations

from typing import Any

import click

from campaign.clictx import CONTEXT_SETTINGS, Ctx, _friendly, echo_result, pass_ctx


SIDE_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
"""Hex sides 0..5 in docs/hexgrid.md order (HexSide)."""


@click.group(context_settings=CONTEXT_SETTINGS)
def scenario() -> None:
    """Scenario files: check one before starting a game from it.

    \b
    Example:
      campaign scenario check --ruleset hordes-heroes ./position.toml
    """


def _ruleset_for(name: str | None, path: str) -> Any:
    """The ruleset named, else the one the file names (`ruleset = "..."`), else the only one installed."""
    import tomllib

    from campaign.ruleset import find, installed

    if name:
        return find(name)
    try:
        with open(path, "rb") as fh:
            named = tomllib.load(fh).get("ruleset")
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        named = None
    if isinstance(named, str):
        return find(named)
    rulesets = installed()
    if len(rulesets) == 1:
        return next(iter(rulesets.values()))
    raise click.UsageError(
        f"say which rule system the file is for with --ruleset (installed: {', '.join(rulesets) or 'none'}),"
        ' or give it a top-level `ruleset = "NAME"`'
    )


@scenario.command("check", context_settings=CONTEXT_SETTINGS)
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=True))
@click.option("--ruleset", "ruleset_name", default=None, help="Rule system (default: the file's `ruleset` key).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@_friendly
def scenario_check(path: str, ruleset_name: str | None, as_json: bool) -> None:
    """Check one scenario file and report every problem with its line.

    Exit 1 with one `file:line: field: message` line per problem; exit 0 with a one-line
    summary when a game can start from the file.

    \b
    Example:
      campaign scenario check --ruleset hh ./somewhere/position.toml
    """
    from campaign.cli.results import ScenarioCheck
    from campaign.scenarios import check_file, read_scenario_file

    rs = _ruleset_for(ruleset_name, path)
    problems = check_file(rs, path)
    report = ScenarioCheck(path, rs.name, tuple(problems))
    if not problems:
        source = read_scenario_file(path)
        assert source.text is not None
        info = rs.describe_text(source.text, path)
        state = rs.setup_from(source, {})
        report = ScenarioCheck(path, rs.name, (), info.title, tuple(info.sides), rs.turn(state), rs.phase(state))
    if as_json:
        echo_result(report, as_json)
    else:
        click.echo(report.text(), err=bool(problems))
    if problems:
        raise SystemExit(1)


@click.command("hex", context_settings=CONTEXT_SETTINGS)
@click.argument("hexes", nargs=-1, required=True, metavar="HEX...")
@click.option("--game", "game_ref", default=None, help="Use this game's map.")
@click.option("--ruleset", "ruleset_name", default=None, help="With --scenario: the rule system.")
@click.option("--scenario", "scenario_ref", default=None, help="Use this scenario's map (a name or a file).")
@click.option("--columns", type=int, default=None, help="Map parameters: hexes per row (pointy) or column (flat).")
@click.option("--rows", type=int, default=None, help="Map parameters: rows.")
@click.option("--orientation", type=click.Choice(["pointy", "flat"]), default="pointy", show_default=True)
@click.option("--offset", type=click.Choice(["odd", "even"]), default="odd", show_default=True)
@click.option("--first-column", type=int, default=1, show_default=True)
@click.option("--first-row", type=int, default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
@_friendly
def hex_cmd(ctx: Ctx, hexes: tuple[str, ...], as_json: bool, **map_args: Any) -> None:
    """Convert map labels to axial coordinates (docs/hexgrid.md) and back, and list neighbours.

    Give each HEX as a label (`0507`) or as axial `q,r` (`4,6`, or `Hex(4, 6)`; put `--` before
    a negative one: `campaign hex --game 1 -- -1,3`). The map is a game's
    (--game), a scenario's (--ruleset and --scenario), or given by its parameters.

    \b
    Example:
      campaign hex 0507 --game 1
      campaign hex 4,6 --columns 12 --rows 10 --offset odd --json
    """
    from campaign.cli.results import HexReport

    spec = _map_spec(ctx, map_args)
    echo_result(HexReport(tuple(_describe(spec, text) for text in hexes)), as_json)


def _map_spec(ctx: Ctx, a: dict[str, Any]) -> Any:
    from campaign.hexgrid import MapSpec, Offset, Orientation

    chosen = [bool(a["game_ref"]), bool(a["scenario_ref"]), a["columns"] is not None or a["rows"] is not None]
    if sum(chosen) != 1:
        raise click.UsageError("give one map: --game N, or --ruleset R --scenario S, or --columns C --rows R")
    if a["game_ref"]:
        gs = ctx.campaign().load(a["game_ref"])
        return _spec_of(gs.ruleset, gs.state, f"game {gs.number}")
    if a["scenario_ref"]:
        from campaign.ruleset import find
        from campaign.scenarios import scenario_source

        if not a["ruleset_name"]:
            raise click.UsageError("--scenario needs --ruleset")
        rs = find(a["ruleset_name"])
        source, _ = scenario_source(rs, a["scenario_ref"])
        return _spec_of(rs, rs.setup_from(source, {}), f"scenario {source.label}")
    if a["columns"] is None or a["rows"] is None:
        raise click.UsageError("map parameters need both --columns and --rows")
    return MapSpec(
        a["columns"], a["rows"], Orientation(a["orientation"]), Offset(a["offset"]), a["first_column"], a["first_row"]
    )


def _spec_of(rs: Any, state: Any, what: str) -> Any:
    pic = rs.picture(state)
    if pic is None:
        raise click.ClickException(f"{what} ({rs.name}) is not played on a hex map")
    return pic.map_spec


def _label(spec: Any, h: Any) -> str | None:
    from campaign.hexgrid import LabelError

    try:
        return str(spec.label(h))
    except LabelError:
        return None


def _describe(spec: Any, text: str) -> Any:
    from campaign.cli.results import HexPlace
    from campaign.hexgrid import Hex

    q_r = text.replace(" ", "").removeprefix("Hex(").removesuffix(")").split(",")
    if len(q_r) == 2:
        try:
            h = Hex(int(q_r[0]), int(q_r[1]))
        except ValueError:
            raise click.ClickException(
                f"{text!r}: axial coordinates are two whole numbers, q,r (such as 4,6)"
            ) from None
    else:
        h = spec.parse(text)  # LabelError (a ValueError) says what is wrong with the label
    neighbours = tuple(
        HexPlace(_label(spec, n), n.q, n.r, spec.contains(n), SIDE_NAMES[k]) for k, n in enumerate(h.neighbours())
    )
    return HexPlace(_label(spec, h), h.q, h.r, spec.contains(h), neighbours=neighbours)


__all__ = ["hex_cmd", "scenario"]
