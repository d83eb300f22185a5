"""The order language of Hordes & Heroes as grammar tables (docs/orders/hordes-heroes.md) [HH.PD.*].

One `campaign.kit.reader.Grammar` per kind of message (initiative, deployment, a bound, standing
orders): a table of verb -> parser. Each parser reads the rest of its line through a `Cursor` and
returns one order (`orders.Order`); a mistake is a `LineError` at the column of the bad word, with a
rule ID as its code where a rule says what the line must hold, and a hint. Unknown verbs, facings,
edges, standing-order names and unit names get a "did you mean" from the legal words; a line with
several mistakes reports each of them.

The orders read here print back with `orders.order_text` and are stored with `orders.order_to_json`:
the canonical text and the log's JSON do not depend on how a line was spelt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from campaign.hexgrid import Hex, MapSpec
from campaign.kit.reader import SYNTAX, Cursor, Grammar, Line, LineError, did_you_mean, split_lines, suggest
from campaign.ruleset import OrderError

from . import orders as O
from .geometry import Edge, Facing
from .model import Formation
from .state import STANDING_KEYS


@dataclass(frozen=True, slots=True)
class Board:
    """What the parsers need to know: the map's labels, the units' names and the side's generals."""

    spec: MapSpec
    names: dict[int, str]
    generals: frozenset[int]


HHGrammar = Grammar[Board, O.Order]
T = TypeVar("T")

FACINGS = {f.name.lower(): f for f in Facing}
"""The compass names of the twelve facings (points and sides); `Facing.parse` also reads p0..p5, s0..s5."""

FORMATIONS = {"column": Formation.COLUMN, "deployed": Formation.DEPLOYED}

SYNONYMS = {"wheel": "face", "turn": "face", "pivot": "face", "facing": "face", "form": "column", "line": "deployed"}
"""Words players use for what this language spells otherwise: the hint names the right word."""

STANDING_RULES = {
    "evade": "HH.PD.15",
    "flee-response": "HH.PD.16",
    "turn-to-face": "HH.PD.17",
    "restricted-attack": "HH.PD.18",
    "follow-disengage": "HH.PD.19",
    "follow-up": "HH.PD.33",
    "pursue": "HH.PD.37",
    "flee-through-friends": "HH.COMP.21",
    "split-fire": "HH12.SHOOT.6",
}
"""The rule each standing-order switch answers."""


def hint_for(word: str, choices: list[str], what: str) -> str:
    """ "did you mean" from the legal words, a synonym's right word, and the list of legal words."""
    close = suggest(word, choices)
    right = SYNONYMS.get(word.lower())
    if right in choices and right not in close:
        close = [right, *close]
    head = "did you mean " + " or ".join(repr(c) for c in close) + "? " if close else ""
    return f"{head}({what}: {', '.join(choices)})"


# --- words -----------------------------------------------------------------------------------------


def unit(c: Cursor, b: Board) -> int:
    """A unit id, optionally followed by its name in quotes (checked against the roster)."""
    w = c.next("a unit id")
    digits = w.text.lstrip("#")
    if not digits.isdigit():
        by_name = {name: i for i, name in sorted(b.names.items())}
        close = suggest(w.text, by_name)
        hint = "units are named by their id"
        if close:
            hint = "did you mean " + " or ".join(f"unit {by_name[n]} ({n})" for n in close) + "?"
        raise LineError(f"expected a unit id (a number), found {w.text!r}", w.column, SYNTAX, hint)
    uid = int(digits)
    if uid not in b.names:
        raise LineError(
            f"there is no unit {uid}", w.column, SYNTAX, "unit ids are listed in the roster of your last digest"
        )
    if c.more():
        nxt = c.line.words[c.i]
        if c.line.text[nxt.column - 1 : nxt.column] in ('"', "'"):  # a quoted name
            c.i += 1
            if nxt.lower != b.names[uid].lower():
                by_name = {name: i for i, name in b.names.items()}
                close = suggest(nxt.text, by_name)
                hint = "check the unit id or drop the name"
                if close:
                    hint += "; did you mean " + " or ".join(f"unit {by_name[n]} ({n})" for n in close) + "?"
                c.note(f"unit {uid} is {b.names[uid]!r}, not {nxt.text!r}", nxt.column + 1, SYNTAX, hint)
    return uid


def general(c: Cursor, b: Board, code: str) -> int:
    w = c.next("a general id")
    if not w.text.lstrip("#").isdigit():
        raise LineError(f"expected a general id (a number), found {w.text!r}", w.column)
    n = int(w.text.lstrip("#"))
    if n not in b.generals:
        mine = ", ".join(map(str, sorted(b.generals))) or "none"
        raise LineError(f"there is no general {n}", w.column, code, f"your generals: {mine}")
    return n


def enemy(c: Cursor, what: str = "an enemy unit id") -> int:
    w = c.next(what)
    if not w.text.lstrip("#").isdigit():
        raise LineError(f"expected {what} (a number), found {w.text!r}", w.column)
    return int(w.text.lstrip("#"))


def hex_at(c: Cursor, b: Board, what: str = "a hex label such as 0504") -> Hex:
    w = c.next(what)
    try:
        return b.spec.parse(w.text)
    except ValueError as e:
        raise LineError(str(e), w.column) from None


def facing(c: Cursor) -> Facing:
    w = c.next("a facing such as N or ESE")
    try:
        return Facing.parse(w.text)
    except ValueError as e:
        raise LineError(str(e), w.column, SYNTAX, hint_for(w.text, [f.name for f in Facing], "facings")) from None


def yes_no(c: Cursor, code: str = SYNTAX) -> bool:
    w = c.next("yes or no")
    if w.lower not in ("yes", "no"):
        raise LineError(f"expected yes or no, found {w.lower!r}", w.column, code, did_you_mean(w.text, ["yes", "no"]))
    return w.lower == "yes"


def keyword(c: Cursor, word: str, usage: str, code: str) -> None:
    """The next word must be `word` (such as `at`, `onto`, `vs`)."""
    w = c.next(f"`{word}`")
    if w.lower != word:
        raise LineError(f"write `{usage}`", w.column, code)


def noted(c: Cursor, read: Callable[[], T]) -> T | None:
    """Read one element; a mistake is noted (the rest of the line is still read) and None returned."""
    try:
        return read()
    except LineError as e:
        c.problems.append(e)
        return None


# --- standing orders, initiative, deployment ------------------------------------------------------


def p_standing(c: Cursor, b: Board) -> O.Order:
    """`standing [unit N | general N] NAME yes|no` (HH.PD.15-19, HH.PD.33, HH.PD.37, HH.GEN.20)."""
    unit_id = gen = None
    if c.accept("unit"):
        unit_id = unit(c, b)
    elif c.accept("general"):
        gen = general(c, b, "HH.GEN.20")
    w = c.next("a standing-order name")
    key = w.lower
    if key not in STANDING_KEYS:
        names = list(STANDING_KEYS)
        raise LineError(
            f"unknown standing order {key!r}; use one of: {', '.join(names)}",
            w.column,
            SYNTAX,
            hint_for(key, names, "standing orders"),
        )
    if gen is not None and key != "follow-up":
        raise LineError(
            f"a general has no {key!r} standing order",
            w.column,
            "HH.GEN.20",
            "the only standing order for a lone general is `standing general N follow-up yes|no` (HH.GEN.20)",
        )
    return O.StandingOrder(c.line.number, STANDING_KEYS[key], yes_no(c, STANDING_RULES[key]), unit_id, gen)


def p_deploy_first(c: Cursor, b: Board) -> O.Order:
    """`deploy first|second` (HH.SEQ.4, HH.PD.3)."""
    w = c.next("first or second")
    if w.lower not in ("first", "second"):
        raise LineError(
            f"expected first or second, found {w.lower!r}",
            w.column,
            "HH.PD.3",
            did_you_mean(w.text, ["first", "second"]),
        )
    return O.InitiativeChoice(c.line.number, deploy_first=w.lower == "first")


def p_edge(c: Cursor, b: Board) -> O.Order:
    """`edge north|south` (HH.PD.4)."""
    w = c.next("north or south")
    if w.lower not in ("north", "south"):
        raise LineError(
            f"expected north or south, found {w.lower!r}", w.column, "HH.PD.4", did_you_mean(w.text, ["north", "south"])
        )
    return O.InitiativeChoice(c.line.number, edge=Edge(w.lower))


DEPLOY_OPTIONS = ["face", "column", "deployed", "dismounted", "no-pavisses"]


def p_deploy_unit(c: Cursor, b: Board) -> O.Order:
    """`unit N HEX face X [column] [dismounted] [no-pavisses]` (HH.SEQ.2, HH.PD.5, HH.MOVE.8)."""
    uid = unit(c, b)
    at = hex_at(c, b)
    face: Facing | None = None
    formation, dismounted, pavisses = Formation.DEPLOYED, False, True
    while c.more():
        w = c.next("an option")
        if w.lower == "face":
            read = noted(c, lambda: facing(c))
            face = face if read is None else read
        elif w.lower in FORMATIONS:
            formation = FORMATIONS[w.lower]
        elif w.lower == "dismounted":
            dismounted = True
        elif w.lower == "no-pavisses":
            pavisses = False
        else:
            c.note(
                f"unknown deployment option {w.lower!r}; use face X, column, dismounted, no-pavisses",
                w.column,
                "HH.PD.5",
                hint_for(w.text, DEPLOY_OPTIONS, "options"),
            )
    if face is None:
        if not c.problems:
            raise LineError(
                "say which way the unit faces, e.g. `face N`", c.column, "HH.MOVE.8", "units face a hex point"
            )
        return O.DeployUnit(c.line.number, uid, at, Facing.N)  # not returned: the line has problems
    return O.DeployUnit(c.line.number, uid, at, face, formation, dismounted, pavisses)


def p_deploy_general(c: Cursor, b: Board) -> O.Order:
    """`general N HEX` (HH.SEQ.2, HH.SEQ.8)."""
    gid = general(c, b, "HH.PD.5")
    return O.DeployGeneral(c.line.number, gid, hex_at(c, b))


# --- a bound: the Command Move and tactical movement ------------------------------------------------


def p_general_move(c: Cursor, b: Board) -> O.Order:
    """`general N HEX HEX ...` (HH.CMD.1, HH.PD.6)."""
    gid = general(c, b, "HH.PD.6")
    path = []
    while c.more():
        h = noted(c, lambda: hex_at(c, b))
        if h is not None:
            path.append(h)
    if not path and not c.problems:
        raise LineError("give the hexes the general moves through, e.g. `general 1 0605 0606`", c.column, "HH.PD.6")
    return O.GeneralMove(c.line.number, gid, tuple(path))


MOVE_WORDS = ["face", "column", "deployed", "dismount", "remount", "target"]


@dataclass(frozen=True, slots=True)
class Target:
    """`target N` inside a move: the primary target (HH.MOVE.28, HH.PD.8)."""

    unit: int


def move_token(c: Cursor, b: Board) -> O.Token | Target:
    """One element of a move: a hex, `face X`, a formation, a mount change; `target N` gives an int."""
    w = c.next("a hex, face X, column, deployed, dismount, remount or target N")
    lw = w.lower
    if lw == "face":
        return facing(c)
    if lw in FORMATIONS:
        return FORMATIONS[lw]
    if lw in ("dismount", "remount"):
        return O.Mount(lw)
    if lw == "target":
        return Target(enemy(c))
    if lw.isdigit():
        try:
            return b.spec.parse(lw)
        except ValueError as e:
            raise LineError(str(e), w.column) from None
    raise LineError(
        f"unexpected {lw!r} in a move", w.column, "HH.PD.7", hint_for(w.text, MOVE_WORDS, "a move lists hexes and")
    )


def p_move(c: Cursor, b: Board) -> O.Order:
    """`move N HEX ... [face X] [column|deployed] [dismount|remount] [target N]` (HH.MOVE.2-12, HH.PD.7, HH.PD.8)."""
    uid = unit(c, b)
    tokens: list[O.Token] = []
    target = None
    while c.more():
        t = noted(c, lambda: move_token(c, b))
        if isinstance(t, Target):
            target = t.unit
        elif t is not None:
            tokens.append(t)
    if not tokens and not c.problems:
        raise LineError("a move needs at least one hex, facing or formation", c.column, "HH.PD.7")
    return O.Move(c.line.number, uid, tuple(tokens), target)


def p_single(c: Cursor, b: Board) -> O.Order:
    """`single N [HEX] [face X] [column|deployed]` (HH.MOVE.17)."""
    uid = unit(c, b)
    to: Hex | None = None
    face: Facing | None = None
    formation: Formation | None = None
    while c.more():
        w = c.peek()
        if c.accept("face"):
            face = noted(c, lambda: facing(c))
        elif w in FORMATIONS:
            c.next("a formation")
            formation = FORMATIONS[w]
        elif w.isdigit() and to is None:
            to = noted(c, lambda: hex_at(c, b))
        else:
            bad = c.next("")
            c.note(
                f"unexpected {bad.text!r} in a single-hex move",
                bad.column,
                "HH.MOVE.17",
                hint_for(bad.text, ["face", "column", "deployed"], "a single-hex move takes a hex and"),
            )
    return O.Single(c.line.number, uid, to, face, formation)


def swap_facing(c: Cursor) -> Facing | None:
    return None if c.accept("keep") else facing(c)


def p_swap(c: Cursor, b: Board) -> O.Order:
    """`swap A B [face X|keep [Y|keep]]` (HH.MOVE.21)."""
    a, b2 = unit(c, b), unit(c, b)
    fa = fb = None
    if c.accept("face"):
        fa = swap_facing(c)
        fb = swap_facing(c) if c.more() else fa
    return O.Swap(c.line.number, a, b2, fa, fb)


def p_disengage(c: Cursor, b: Board) -> O.Order:
    """`disengage N [HEX]` (HH.MOVE.24, HH.PD.11)."""
    uid = unit(c, b)
    return O.Disengage(c.line.number, uid, hex_at(c, b) if c.more() else None)


def p_combine(c: Cursor, b: Board) -> O.Order:
    """`combine A B [at HEX]` (HH.STAND.6, HH.PD.12) or `combine A B C [at HEX HEX]` (HH.SPECIAL.32)."""
    a, b2 = unit(c, b), unit(c, b)
    c3 = unit(c, b) if c.more() and c.peek().lstrip("#").isdigit() else None
    at = at2 = None
    if c.accept("at"):
        at = hex_at(c, b)
        if c3 is not None:
            at2 = hex_at(c, b, "the second hex kept by the two 6-stand units")
    if c3 is not None:
        return O.CombineBlocks(c.line.number, a, b2, c3, at, at2)
    return O.Combine(c.line.number, a, b2, at)


def p_separate(c: Cursor, b: Board) -> O.Order:
    """`separate A B [into HEX]` (HH.SPECIAL.33)."""
    a, b2 = unit(c, b), unit(c, b)
    into = hex_at(c, b) if c.accept("into") else None
    return O.Separate(c.line.number, a, b2, into)


def p_embark(c: Cursor, b: Board) -> O.Order:
    """`embark N onto BOAT` (HH.TERR.45)."""
    uid = unit(c, b)
    keyword(c, "onto", "embark UNIT onto BOAT", "HH.TERR.45")
    return O.Embark(c.line.number, uid, unit(c, b))


def p_disembark(c: Cursor, b: Board) -> O.Order:
    """`disembark N HEX` (HH.TERR.45)."""
    uid = unit(c, b)
    return O.Disembark(c.line.number, uid, hex_at(c, b, "the land hex to disembark onto, such as 0405"))


def p_disperse(c: Cursor, b: Board) -> O.Order:
    """`disperse N HEX HEX [HEX [HEX]]`: 2012 skirmish order, one stand per hex (HH12.SPEC.1)."""
    uid = unit(c, b)
    hexes = []
    while c.more():
        hexes.append(hex_at(c, b))
    if not hexes:
        raise LineError("name one hex per stand, in a chain", c.column, "HH12.SPEC.1")
    return O.Disperse(c.line.number, uid, tuple(hexes))


def p_reform(c: Cursor, b: Board) -> O.Order:
    """`reform N HEX`: the stands of a 2012 skirmish unit gather as one unit in HEX (HH12.SPEC.7)."""
    uid = unit(c, b)
    return O.Reform(c.line.number, uid, hex_at(c, b))


def p_rejoin(c: Cursor, b: Board) -> O.Order:
    """`rejoin N` (HH.TERR.42)."""
    return O.Rejoin(c.line.number, unit(c, b))


def p_exchange(c: Cursor, b: Board) -> O.Order:
    """`exchange A B` (HH.SPECIAL.24)."""
    a = unit(c, b)
    return O.Exchange(c.line.number, a, unit(c, b))


def p_drop_pavisses(c: Cursor, b: Board) -> O.Order:
    """`drop-pavisses N` (HH.SPECIAL.13)."""
    return O.DropPavisses(c.line.number, unit(c, b))


def p_plant(c: Cursor, b: Board) -> O.Order:
    """`plant N` (HH.SPECIAL.14)."""
    return O.Stakes(c.line.number, unit(c, b), True)


def p_lift(c: Cursor, b: Board) -> O.Order:
    """`lift N` (HH.SPECIAL.18)."""
    return O.Stakes(c.line.number, unit(c, b), False)


def p_rally(c: Cursor, b: Board) -> O.Order:
    """`rally N [face X] [column|deployed]` (HH.DISR.3, HH.PD.13)."""
    uid = unit(c, b)
    face: Facing | None = None
    formation: Formation | None = None
    while c.more():
        w = c.next("face X, column or deployed")
        if w.lower == "face":
            face = noted(c, lambda: facing(c))
        elif w.lower in FORMATIONS:
            formation = FORMATIONS[w.lower]
        else:
            c.note(
                f"unexpected {w.lower!r} in a rally order",
                w.column,
                "HH.PD.13",
                hint_for(w.text, ["face", "column", "deployed"], "a rally takes"),
            )
    return O.Rally(c.line.number, uid, face, formation)


def p_hold_fire(c: Cursor, b: Board) -> O.Order:
    """`hold-fire N` (HH.ART.4, HH.PD.24)."""
    return O.HoldFire(c.line.number, unit(c, b), True)


def p_release(c: Cursor, b: Board) -> O.Order:
    """`release N`: remove the Hold Fire marker (HH.ART.4, HH.PD.24)."""
    return O.HoldFire(c.line.number, unit(c, b), False)


# --- a bound: shooting and combat choices ------------------------------------------------------------


def p_shoot(c: Cursor, b: Board) -> O.Order:
    """`shoot N at T [T ...] [face X]` or `shoot N none` (HH.SHOOT.12, HH.ART.7, HH.PD.22)."""
    uid = unit(c, b)
    if c.accept("none"):
        return O.Shoot(c.line.number, uid)
    keyword(c, "at", "shoot UNIT at TARGET [TARGET ...] [face X]` or `shoot UNIT none", "HH.PD.22")
    targets = []
    face = None
    while c.more():
        if c.accept("face"):
            face = facing(c)
        else:
            targets.append(enemy(c))
    if not targets:
        raise LineError("name at least one target unit", c.column, "HH.PD.22")
    return O.Shoot(c.line.number, uid, tuple(targets), face)


def p_results(c: Cursor, b: Board) -> O.Order:
    """`results T [T ...]`: 2012, the order in which the shooting results on these targets are applied (ruling
    HH12.SEQ.A1)."""
    targets = []
    while c.more():
        targets.append(enemy(c, "a target unit id"))
    if not targets:
        raise LineError("name at least one target unit", c.column, "HH12.SEQ.A1")
    return O.ShootingResults(c.line.number, tuple(targets))


def p_suppress(c: Cursor, b: Board) -> O.Order:
    """`suppress N at ENEMY` (HH.SHOOT.21, HH.PD.21)."""
    uid = unit(c, b)
    keyword(c, "at", "suppress UNIT at ENEMY", "HH.PD.21")
    return O.Suppress(c.line.number, uid, enemy(c))


def p_fight(c: Cursor, b: Board) -> O.Order:
    """`fight FOCUS vs UNIT [UNIT ...]` (HH.HTH.2, HH.PD.27, HH.PD.28)."""
    uid = unit(c, b)
    keyword(c, "vs", "fight FOCUS vs UNIT [UNIT ...]", "HH.PD.27")
    opponents = []
    while c.more():
        opponents.append(enemy(c))
    if not opponents:
        raise LineError("name at least one opponent", c.column, "HH.PD.27")
    return O.Fight(c.line.number, uid, tuple(opponents))


def p_follow_up(c: Cursor, b: Board) -> O.Order:
    """`follow-up N yes|no` (HH.COMP.26, HH.PD.33) or `follow-up general N yes|no` (HH.GEN.20)."""
    if c.accept("general"):
        gid = general(c, b, "HH.GEN.20")
        return O.GeneralFollowUp(c.line.number, gid, yes_no(c, "HH.GEN.20"))
    uid = unit(c, b)
    return O.FollowUp(c.line.number, uid, yes_no(c, "HH.PD.33"))


def p_pursue(c: Cursor, b: Board) -> O.Order:
    """`pursue N yes|no` (HH.COMP.35, HH.PD.37)."""
    uid = unit(c, b)
    return O.Pursue(c.line.number, uid, yes_no(c, "HH.PD.37"))


# --- the grammars ------------------------------------------------------------------------------------


def _grammars() -> dict[O.Context, HHGrammar]:
    standing = HHGrammar("standing orders")
    standing.verb("standing", p_standing, usage="standing [unit N | general N] NAME yes|no")
    initiative = HHGrammar("initiative")
    initiative.verb("deploy", p_deploy_first, usage="deploy first|second")
    initiative.verb("edge", p_edge, usage="edge north|south")
    deployment = HHGrammar("deployment")
    deployment.verb("unit", p_deploy_unit, usage="unit N HEX face X [column] [dismounted] [no-pavisses]")
    deployment.verb("general", p_deploy_general, usage="general N HEX")
    bound = HHGrammar("bound")
    for name, parse, usage in (
        ("general", p_general_move, "general N HEX [HEX ...]"),
        ("move", p_move, "move N HEX ... [face X] [column|deployed] [dismount|remount] [target N]"),
        ("single", p_single, "single N [HEX] [face X] [column|deployed]"),
        ("swap", p_swap, "swap A B [face X|keep [Y|keep]]"),
        ("disengage", p_disengage, "disengage N [HEX]"),
        ("combine", p_combine, "combine A B [C] [at HEX [HEX]]"),
        ("separate", p_separate, "separate A B [into HEX]"),
        ("rejoin", p_rejoin, "rejoin N"),
        ("disperse", p_disperse, "disperse N HEX HEX [HEX [HEX]]"),
        ("reform", p_reform, "reform N HEX"),
        ("embark", p_embark, "embark N onto BOAT"),
        ("disembark", p_disembark, "disembark N HEX"),
        ("exchange", p_exchange, "exchange A B"),
        ("drop-pavisses", p_drop_pavisses, "drop-pavisses N"),
        ("plant", p_plant, "plant N"),
        ("lift", p_lift, "lift N"),
        ("rally", p_rally, "rally N [face X] [column|deployed]"),
        ("hold-fire", p_hold_fire, "hold-fire N"),
        ("release", p_release, "release N"),
        ("shoot", p_shoot, "shoot N at T [T ...] [face X] | shoot N none"),
        ("suppress", p_suppress, "suppress N at ENEMY"),
        ("results", p_results, "results T [T ...]"),
        ("fight", p_fight, "fight FOCUS vs UNIT [UNIT ...]"),
        ("follow-up", p_follow_up, "follow-up N yes|no | follow-up general N yes|no"),
        ("pursue", p_pursue, "pursue N yes|no"),
    ):
        bound.verb(name, parse, usage=usage)
    return {
        O.Context.STANDING: standing,
        O.Context.INITIATIVE: initiative,
        O.Context.DEPLOYMENT: deployment,
        O.Context.BOUND: bound,
    }


GRAMMARS = _grammars()
"""The order language of each kind of message: verb -> parser."""


def read_line(line: Line, context: O.Context, board: Board) -> tuple[O.Order | None, list[OrderError]]:
    """One line in a message of `context` -> (its order, or None, and every mistake found on it)."""
    verb = line.words[0].lower
    return GRAMMARS[O.Context.STANDING if verb == "standing" else context].read_line(line, board)


def parse_line(line: Line, context: O.Context, spec: MapSpec, names: dict[int, str], generals: set[int]) -> O.Order:
    """One line -> its order; LineError with the line's first mistake (for tests and tools reading one line)."""
    order, errors = read_line(line, context, Board(spec, names, frozenset(generals)))
    if order is None:
        e = errors[0]
        raise LineError(e.message, e.column, e.code, e.hint)
    return order


def read(text: str, context: O.Context, board: Board) -> tuple[list[O.Order], list[OrderError]]:
    """Every order of a text and every mistake in it (HH.PD.*)."""
    lines, errors = split_lines(text)
    out: list[O.Order] = []
    for line in lines:
        order, problems = read_line(line, context, board)
        errors += problems
        if order is not None:
            out.append(order)
    return out, errors
