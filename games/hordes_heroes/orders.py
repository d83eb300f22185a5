"""The order language of Hordes & Heroes: one order per line (docs/orders/hordes-heroes.md) [HH.PD.*].

`parse_lines` turns text into order objects, collecting every syntax error with its line and column.
Legality against the board is checked by `engine` with the verify/can/do functions of `rules`.
Every order has `to_json`/`from_json` (what the log stores) and `text()` (the canonical line).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from enum import Enum
from typing import Any

from campaign.hexgrid import Hex, MapSpec

from .geometry import Edge, Facing
from .model import Formation
from .state import STANDING_KEYS


class Syntax(Exception):
    """A line that cannot be read; column is the 1-based token position."""

    def __init__(self, message: str, column: int = 0, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.column = column
        self.hint = hint


class Mount(Enum):
    """A mount change inside a move (HH.MOVE.26)."""

    DISMOUNT = "dismount"
    """Take the dismounted profile."""
    REMOUNT = "remount"
    """Take the mounted profile back."""


Token = Hex | Facing | Formation | Mount
"""One element of a move: a hex to step into, a facing to turn to, a formation to adopt, a mount change."""


def _tok_text(t: Token, spec: MapSpec) -> str:
    if isinstance(t, Hex):
        return spec.label(t)
    if isinstance(t, Facing):
        return f"face {t.name}"
    if isinstance(t, Formation):
        return t.value
    return t.value


def _tok_json(t: Token) -> Any:
    if isinstance(t, Hex):
        return ["hex", t.q, t.r]
    if isinstance(t, Facing):
        return ["face", int(t)]
    if isinstance(t, Formation):
        return ["formation", t.value]
    return ["mount", t.value]


def _tok_from(d: list) -> Token:
    kind = d[0]
    if kind == "hex":
        return Hex(d[1], d[2])
    if kind == "face":
        return Facing(d[1])
    if kind == "formation":
        return Formation(d[1])
    return Mount(d[1])


@dataclass(frozen=True, slots=True)
class GeneralMove:
    """Command move of a general along a hex path (HH.CMD.1, HH.PD.6)."""

    line: int
    general: int
    path: tuple[Hex, ...]


@dataclass(frozen=True, slots=True)
class Move:
    """A normal tactical move: steps, turns, formation and mount changes in order (HH.MOVE.4-12, HH.PD.7)."""

    line: int
    unit: int
    tokens: tuple[Token, ...]
    target: int | None = None
    """Primary target when contacting several enemies (HH.MOVE.28, HH.PD.8)."""


@dataclass(frozen=True, slots=True)
class Single:
    """The single-hex move: 0 or 1 hex, any point, formation change, free (HH.MOVE.17)."""

    line: int
    unit: int
    to: Hex | None
    facing: Facing | None
    formation: Formation | None


@dataclass(frozen=True, slots=True)
class Swap:
    """Interchange of two adjacent friends (HH.MOVE.21)."""

    line: int
    a: int
    b: int
    facing_a: Facing | None = None
    facing_b: Facing | None = None


@dataclass(frozen=True, slots=True)
class Disengage:
    """Class-A infantry steps back out of combat (HH.MOVE.24, HH.PD.11)."""

    line: int
    unit: int
    to: Hex | None = None


@dataclass(frozen=True, slots=True)
class Combine:
    """Two reduced units of one profile merge (HH.STAND.6, HH.PD.12)."""

    line: int
    a: int
    b: int
    at: Hex | None = None


@dataclass(frozen=True, slots=True)
class CombineBlocks:
    """Three 4-stand pike or horde units become two 6-stand units, in the hexes of `a` and `b` unless `at` and `at2`
    name two of the three (HH.SPECIAL.28, HH.SPECIAL.30, HH.SPECIAL.32)."""

    line: int
    a: int
    b: int
    c: int
    at: Hex | None = None
    at2: Hex | None = None


@dataclass(frozen=True, slots=True)
class Separate:
    """Two adjacent 6-stand pike blocks or hordes become three units; the new one enters `into` (HH.SPECIAL.28,
    HH.SPECIAL.30, HH.SPECIAL.33)."""

    line: int
    a: int
    b: int
    into: Hex | None = None


@dataclass(frozen=True, slots=True)
class Rejoin:
    """The two parts of a 6-stand unit split by a restriction re-form as one unit, in the front part's hex, instead
    of moving (HH.TERR.42, ruling HH.TERR.43); `unit` names either part."""

    line: int
    unit: int


@dataclass(frozen=True, slots=True)
class Embark:
    """A unit on land boards the boat in the adjacent lake hex: its whole move; the two then act as one unit with the
    unit's id and profile (HH.TERR.45, ruling HH.TERR.47)."""

    line: int
    unit: int
    boat: int


@dataclass(frozen=True, slots=True)
class Disembark:
    """A unit aboard a boat lands on the adjacent land hex `to`: its whole move; the boat stays empty on the lake
    (HH.TERR.45). `unit` may name the passengers or their boat."""

    line: int
    unit: int
    to: Hex


@dataclass(frozen=True, slots=True)
class Exchange:
    """Two adjacent combined-arms units swap stands to become two single-arm units: `a` keeps the front type, `b`
    takes the rear type (HH.SPECIAL.24)."""

    line: int
    a: int
    b: int


@dataclass(frozen=True, slots=True)
class DropPavisses:
    """A pavisse unit leaves its pavisses for good, at no cost, before its own move (HH.SPECIAL.13)."""

    line: int
    unit: int


@dataclass(frozen=True, slots=True)
class Suppress:
    """Allocate a unit's shooting stands to suppress an enemy shooter in hard cover this Shooting Phase, instead of
    shooting (HH.SHOOT.21, HH.PD.21)."""

    line: int
    unit: int
    target: int


@dataclass(frozen=True, slots=True)
class Stakes:
    """Plant (True) or lift (False) stakes instead of moving (HH.SPECIAL.14, HH.SPECIAL.18)."""

    line: int
    unit: int
    plant: bool


@dataclass(frozen=True, slots=True)
class Rally:
    """Facing and formation for a unit that rallies at the end of movement (HH.DISR.3, HH.PD.13)."""

    line: int
    unit: int
    facing: Facing | None = None
    formation: Formation | None = None


@dataclass(frozen=True, slots=True)
class HoldFire:
    """Artillery takes (True) or removes (False) its Hold Fire marker in its Shooting Phase (HH.ART.4)."""

    line: int
    unit: int
    on: bool


@dataclass(frozen=True, slots=True)
class Shoot:
    """Shooting declaration: targets (one per artillery piece, cycled), facing before shooting, or `none`
    (HH.SHOOT.12, HH.SHOOT.23, HH.ART.7, HH.PD.22)."""

    line: int
    unit: int
    targets: tuple[int, ...] = ()
    facing: Facing | None = None


@dataclass(frozen=True, slots=True)
class Fight:
    """A declared combat group, in resolution order: focus against opponents (HH.HTH.2, HH.PD.27, HH.PD.28)."""

    line: int
    focus: int
    opponents: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class FollowUp:
    """Whether a winner makes an optional follow-up (HH.COMP.26, HH.PD.33)."""

    line: int
    unit: int
    value: bool


@dataclass(frozen=True, slots=True)
class GeneralFollowUp:
    """Whether a winning lone general follows up into the vacated hex (HH.GEN.20, HH.PD.33; default no)."""

    line: int
    general: int
    value: bool


@dataclass(frozen=True, slots=True)
class Pursue:
    """Whether a unit makes an optional pursuit (HH.COMP.35, HH.PD.37)."""

    line: int
    unit: int
    value: bool


@dataclass(frozen=True, slots=True)
class StandingOrder:
    """One standing-order switch, for the side or for one unit (HH.PD.14-20)."""

    line: int
    key: str
    value: bool
    unit: int | None = None
    general: int | None = None
    """Set for `standing general N follow-up yes|no` (HH.GEN.20)."""


@dataclass(frozen=True, slots=True)
class InitiativeChoice:
    """Deploy first or second, and the table edge wanted (HH.SEQ.4, HH.PD.3, HH.PD.4)."""

    line: int
    deploy_first: bool | None = None
    edge: Edge | None = None


@dataclass(frozen=True, slots=True)
class DeployUnit:
    """Place a unit: hex, facing, formation, mount, pavisses (HH.SEQ.2, HH.PD.5)."""

    line: int
    unit: int
    at: Hex
    facing: Facing
    formation: Formation = Formation.DEPLOYED
    dismounted: bool = False
    pavisses: bool = True


@dataclass(frozen=True, slots=True)
class DeployGeneral:
    """Place a general, lone or in a friendly unit's hex (HH.SEQ.2, HH.SEQ.8)."""

    line: int
    general: int
    at: Hex


Order = (
    GeneralMove
    | Move
    | Single
    | Swap
    | Disengage
    | Combine
    | CombineBlocks
    | Separate
    | Rejoin
    | Embark
    | Disembark
    | Exchange
    | DropPavisses
    | Suppress
    | Stakes
    | Rally
    | HoldFire
    | Shoot
    | Fight
    | FollowUp
    | GeneralFollowUp
    | Pursue
    | StandingOrder
    | InitiativeChoice
    | DeployUnit
    | DeployGeneral
)


def order_text(o: Order, spec: MapSpec, names: dict[int, str]) -> str:
    """The canonical line for an order (names quoted after unit ids, for the reader)."""
    lab = spec.label

    def u(i: int) -> str:
        n = names.get(i)
        return f'{i} "{n}"' if n else str(i)

    if isinstance(o, GeneralMove):
        return " ".join(["general", str(o.general), *(lab(h) for h in o.path)])
    if isinstance(o, Move):
        parts = ["move", u(o.unit), *(_tok_text(t, spec) for t in o.tokens)]
        if o.target is not None:
            parts += ["target", str(o.target)]
        return " ".join(parts)
    if isinstance(o, Single):
        parts = ["single", u(o.unit)]
        if o.to is not None:
            parts.append(lab(o.to))
        if o.facing is not None:
            parts += ["face", o.facing.name]
        if o.formation is not None:
            parts.append(o.formation.value)
        return " ".join(parts)
    if isinstance(o, Swap):
        parts = ["swap", u(o.a), u(o.b)]
        if o.facing_a is not None or o.facing_b is not None:
            parts += ["face", (o.facing_a or Facing.N).name if o.facing_a else "keep"]
            parts.append(o.facing_b.name if o.facing_b else "keep")
        return " ".join(parts)
    if isinstance(o, Disengage):
        return " ".join(["disengage", u(o.unit)] + ([lab(o.to)] if o.to else []))
    if isinstance(o, Combine):
        return " ".join(["combine", u(o.a), u(o.b)] + (["at", lab(o.at)] if o.at else []))
    if isinstance(o, CombineBlocks):
        at = ["at", lab(o.at), lab(o.at2)] if o.at and o.at2 else []
        return " ".join(["combine", u(o.a), u(o.b), u(o.c), *at])
    if isinstance(o, Rejoin):
        return f"rejoin {u(o.unit)}"
    if isinstance(o, Embark):
        return f"embark {u(o.unit)} onto {u(o.boat)}"
    if isinstance(o, Disembark):
        return f"disembark {u(o.unit)} {lab(o.to)}"
    if isinstance(o, Separate):
        return " ".join(["separate", u(o.a), u(o.b)] + (["into", lab(o.into)] if o.into else []))
    if isinstance(o, Exchange):
        return f"exchange {u(o.a)} {u(o.b)}"
    if isinstance(o, DropPavisses):
        return f"drop-pavisses {u(o.unit)}"
    if isinstance(o, Suppress):
        return f"suppress {u(o.unit)} at {o.target}"
    if isinstance(o, Stakes):
        return f"{'plant' if o.plant else 'lift'} {u(o.unit)}"
    if isinstance(o, Rally):
        parts = ["rally", u(o.unit)]
        if o.facing is not None:
            parts += ["face", o.facing.name]
        if o.formation is not None:
            parts.append(o.formation.value)
        return " ".join(parts)
    if isinstance(o, HoldFire):
        return f"{'hold-fire' if o.on else 'release'} {u(o.unit)}"
    if isinstance(o, Shoot):
        if not o.targets:
            return f"shoot {u(o.unit)} none"
        parts = ["shoot", u(o.unit), "at", *(str(t) for t in o.targets)]
        if o.facing is not None:
            parts += ["face", o.facing.name]
        return " ".join(parts)
    if isinstance(o, Fight):
        return " ".join(["fight", u(o.focus), "vs", *(str(t) for t in o.opponents)])
    if isinstance(o, GeneralFollowUp):
        return f"follow-up general {o.general} {'yes' if o.value else 'no'}"
    if isinstance(o, (FollowUp, Pursue)):
        verb = "follow-up" if isinstance(o, FollowUp) else "pursue"
        return f"{verb} {u(o.unit)} {'yes' if o.value else 'no'}"
    if isinstance(o, StandingOrder):
        name = next(k for k, v in STANDING_KEYS.items() if v == o.key)
        who = f"unit {o.unit} " if o.unit is not None else f"general {o.general} " if o.general is not None else ""
        return f"standing {who}{name} {'yes' if o.value else 'no'}"
    if isinstance(o, InitiativeChoice):
        out = []
        if o.deploy_first is not None:
            out.append(f"deploy {'first' if o.deploy_first else 'second'}")
        if o.edge is not None:
            out.append(f"edge {o.edge.value}")
        return "\n".join(out)
    if isinstance(o, DeployUnit):
        parts = ["unit", u(o.unit), lab(o.at), "face", o.facing.name]
        if o.formation is not Formation.DEPLOYED:
            parts.append(o.formation.value)
        if o.dismounted:
            parts.append("dismounted")
        if not o.pavisses:
            parts.append("no-pavisses")
        return " ".join(parts)
    assert isinstance(o, DeployGeneral)
    return f"general {o.general} {lab(o.at)}"


def order_to_json(o: Order) -> dict:
    """JSON for the event log; `order_from_json` reverses it exactly."""
    kind = type(o).__name__
    d: dict[str, Any] = {"kind": kind}
    for name in o.__slots__:  # type: ignore[attr-defined]
        v = getattr(o, name)
        if isinstance(v, Hex):
            v = [v.q, v.r]
        elif isinstance(v, Facing):
            v = int(v)
        elif isinstance(v, Enum):
            v = v.value
        elif name == "tokens":
            v = [_tok_json(t) for t in v]
        elif name == "path":
            v = [[h.q, h.r] for h in v]
        elif name in ("targets", "opponents"):
            v = list(v)
        d[name] = v
    return d


_KINDS = {
    c.__name__: c
    for c in (
        GeneralMove,
        Move,
        Single,
        Swap,
        Disengage,
        Combine,
        CombineBlocks,
        Separate,
        Rejoin,
        Embark,
        Disembark,
        Exchange,
        DropPavisses,
        Suppress,
        Stakes,
        Rally,
        HoldFire,
        Shoot,
        Fight,
        FollowUp,
        GeneralFollowUp,
        Pursue,
        StandingOrder,
        InitiativeChoice,
        DeployUnit,
        DeployGeneral,
    )
}
_HEX_FIELDS = {"to", "at", "at2", "into"}
_FACING_FIELDS = {"facing", "facing_a", "facing_b"}


def order_from_json(d: dict) -> Order:
    cls = _KINDS[d["kind"]]
    kw: dict[str, Any] = {}
    for name in cls.__slots__:  # type: ignore[attr-defined]
        v = d.get(name)  # a field added later (StandingOrder.general) is absent from older logs
        if v is not None:
            if name in _HEX_FIELDS:
                v = Hex(v[0], v[1])
            elif name in _FACING_FIELDS:
                v = Facing(v)
            elif name == "formation":
                v = Formation(v)
            elif name == "edge":
                v = Edge(v)
            elif name == "tokens":
                v = tuple(_tok_from(t) for t in v)
            elif name == "path":
                v = tuple(Hex(q, r) for q, r in v)
            elif name in ("targets", "opponents"):
                v = tuple(v)
        kw[name] = v
    return cls(**kw)


# --- parsing -----------------------------------------------------------------------------------


class Context(Enum):
    """Which family of orders a text may contain."""

    INITIATIVE = "initiative"
    """Initiative choices (HH.SEQ.4)."""
    DEPLOYMENT = "deployment"
    """Deployment lines (HH.SEQ.2)."""
    BOUND = "bound"
    """A bound's bundle: command moves, tactical moves, rally and hold-fire lines (HH.PD.6, HH.PD.7)."""
    STANDING = "standing"
    """Standing orders only (HH.PD.14-20)."""


@dataclass(frozen=True, slots=True)
class Line:
    """A non-blank order line: number, text and tokens with their columns."""

    number: int
    text: str
    words: tuple[str, ...]
    columns: tuple[int, ...]


def split_lines(text: str) -> tuple[list[Line], list[tuple[int, str, str]]]:
    """Lines with their words; comments (#) and blanks dropped; returns (lines, syntax problems)."""
    out, bad = [], []
    for i, raw in enumerate(text.splitlines(), start=1):
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        try:
            lex = shlex.shlex(body, posix=True)
            lex.whitespace_split = True
            lex.commenters = ""
            words = list(lex)
        except ValueError as e:
            bad.append((i, raw.strip(), f"cannot read the line: {e} (unbalanced quotes?)"))
            continue
        cols, pos = [], 0
        for w in words:
            j = body.find(w.split()[0] if w.split() else w, pos)
            j = pos if j < 0 else j
            cols.append(j + 1)
            pos = j + len(w)
        out.append(Line(i, raw.strip(), tuple(words), tuple(cols)))
    return out, bad


class Reader:
    """Reads one line's words left to right, raising Syntax with the column of the bad word."""

    def __init__(self, line: Line, spec: MapSpec, names: dict[int, str]):
        self.line, self.spec, self.names = line, spec, names
        self.i = 1

    def col(self) -> int:
        return self.line.columns[self.i] if self.i < len(self.line.words) else len(self.line.text) + 1

    def more(self) -> bool:
        return self.i < len(self.line.words)

    def peek(self) -> str:
        return self.line.words[self.i].lower() if self.more() else ""

    def next(self, what: str) -> str:
        if not self.more():
            raise Syntax(f"expected {what} at the end of the line", self.col())
        w = self.line.words[self.i]
        self.i += 1
        return w

    def integer(self, what: str) -> int:
        c = self.col()
        w = self.next(what)
        if not w.lstrip("#").isdigit():
            raise Syntax(f"expected {what} (a number), found {w!r}", c)
        return int(w.lstrip("#"))

    def unit(self) -> int:
        c = self.col()
        uid = self.integer("a unit id")
        if uid not in self.names:
            raise Syntax(f"there is no unit {uid}", c, "unit ids are listed in the roster of your last digest")
        if self.more() and self.line.text[self.col() - 2 : self.col() - 1] in ('"', "'"):  # quoted name
            given = self.line.words[self.i]
            if given.lower() != self.names[uid].lower():
                raise Syntax(
                    f"unit {uid} is {self.names[uid]!r}, not {given!r}",
                    self.col(),
                    "check the unit id or drop the name",
                )
            self.i += 1
        return uid

    def _known_word(self, w: str) -> bool:
        lw = w.lower()
        return lw.isdigit() or lw in _KEYWORDS

    def hex(self, what: str = "a hex label such as 0504") -> Hex:
        c = self.col()
        w = self.next(what)
        try:
            return self.spec.parse(w)
        except ValueError as e:
            raise Syntax(str(e), c) from None

    def facing(self) -> Facing:
        c = self.col()
        w = self.next("a facing such as N or ESE")
        try:
            return Facing.parse(w)
        except ValueError as e:
            raise Syntax(str(e), c) from None

    def end(self) -> None:
        if self.more():
            raise Syntax(f"unexpected {self.line.words[self.i]!r}", self.col())


_KEYWORDS = {
    "none",
    "vs",
    "column",
    "deployed",
    "dismount",
    "remount",
    "target",
    "at",
    "keep",
    "dismounted",
    "no-pavisses",
    "into",
    "onto",
}  # noqa: E501


def _yes_no(r: Reader) -> bool:
    c = r.col()
    w = r.next("yes or no").lower()
    if w not in ("yes", "no"):
        raise Syntax(f"expected yes or no, found {w!r}", c)
    return w == "yes"


def _formation_word(w: str) -> Formation | None:
    return {"column": Formation.COLUMN, "deployed": Formation.DEPLOYED}.get(w)


def parse_line(line: Line, context: Context, spec: MapSpec, names: dict[int, str], generals: set[int]) -> Order:
    """One line -> one order, or Syntax (HH.PD.*)."""
    r = Reader(line, spec, names)
    verb = line.words[0].lower()
    n = line.number

    def general_id() -> int:
        c = r.col()
        gid = r.integer("a general id")
        if gid not in generals:
            raise Syntax(f"there is no general {gid}", c)
        return gid

    if verb == "standing":
        unit = gen = None
        if r.peek() == "unit":
            r.next("unit")
            unit = r.unit()
        elif r.peek() == "general":
            r.next("general")
            gen = general_id()
        c = r.col()
        key = r.next("a standing-order name").lower()
        if key not in STANDING_KEYS:
            raise Syntax(f"unknown standing order {key!r}; use one of: {', '.join(STANDING_KEYS)}", c)
        if gen is not None and key != "follow-up":
            raise Syntax(
                f"a general has no {key!r} standing order",
                c,
                "the only standing order for a lone general is `standing general N follow-up yes|no` (HH.GEN.20)",
            )
        value = _yes_no(r)
        r.end()
        return StandingOrder(n, STANDING_KEYS[key], value, unit, gen)
    if context is Context.STANDING:
        raise Syntax("a standing-orders message may only hold `standing ...` lines", 1)

    if context is Context.INITIATIVE:
        if verb == "deploy":
            c = r.col()
            w = r.next("first or second").lower()
            if w not in ("first", "second"):
                raise Syntax(f"expected first or second, found {w!r}", c)
            r.end()
            return InitiativeChoice(n, deploy_first=w == "first")
        if verb == "edge":
            c = r.col()
            w = r.next("north or south").lower()
            if w not in ("north", "south"):
                raise Syntax(f"expected north or south, found {w!r}", c)
            r.end()
            return InitiativeChoice(n, edge=Edge(w))
        raise Syntax(f"unknown initiative order {verb!r}; use `deploy first|second` or `edge north|south`", 1)

    if context is Context.DEPLOYMENT:
        if verb == "unit":
            uid = r.unit()
            at = r.hex()
            facing = None
            formation, dismounted, pav = Formation.DEPLOYED, False, True
            while r.more():
                c = r.col()
                w = r.next("an option").lower()
                if w == "face":
                    facing = r.facing()
                elif _formation_word(w):
                    formation = _formation_word(w)  # type: ignore[assignment]
                elif w == "dismounted":
                    dismounted = True
                elif w == "no-pavisses":
                    pav = False
                else:
                    raise Syntax(f"unknown deployment option {w!r}; use face X, column, dismounted, no-pavisses", c)
            if facing is None:
                raise Syntax(
                    "say which way the unit faces, e.g. `face N`", r.col(), "HH.MOVE.8: units face a hex point"
                )
            return DeployUnit(n, uid, at, facing, formation, dismounted, pav)
        if verb == "general":
            gid = general_id()
            at = r.hex()
            r.end()
            return DeployGeneral(n, gid, at)
        raise Syntax(f"unknown deployment order {verb!r}; use `unit ID HEX face X` or `general ID HEX`", 1)

    # Context.BOUND
    if verb == "general":
        gid = general_id()
        path = []
        while r.more():
            path.append(r.hex())
        if not path:
            raise Syntax("give the hexes the general moves through, e.g. `general 1 0605 0606`", r.col())
        return GeneralMove(n, gid, tuple(path))
    if verb == "move":
        uid = r.unit()
        tokens: list[Token] = []
        target = None
        while r.more():
            c = r.col()
            w = r.next("a hex, face X, column, deployed, dismount, remount or target N").lower()
            if w == "face":
                tokens.append(r.facing())
            elif _formation_word(w):
                tokens.append(_formation_word(w))  # type: ignore[arg-type]
            elif w in ("dismount", "remount"):
                tokens.append(Mount(w))
            elif w == "target":
                target = r.integer("an enemy unit id")
            elif w.isdigit():
                try:
                    tokens.append(spec.parse(w))
                except ValueError as e:
                    raise Syntax(str(e), c) from None
            else:
                raise Syntax(f"unexpected {w!r} in a move", c, "a move lists hexes, `face X`, `column`/`deployed`")
        if not tokens:
            raise Syntax("a move needs at least one hex, facing or formation", r.col())
        return Move(n, uid, tuple(tokens), target)
    if verb == "single":
        uid = r.unit()
        to = facing = formation = None
        while r.more():
            c = r.col()
            w = r.peek()
            if w == "face":
                r.next("face")
                facing = r.facing()
            elif _formation_word(w):
                r.next("formation")
                formation = _formation_word(w)
            elif w.isdigit() and to is None:
                to = r.hex()
            else:
                raise Syntax(f"unexpected {r.next('')!r} in a single-hex move", c)
        return Single(n, uid, to, facing, formation)
    if verb == "swap":
        a, b = r.unit(), r.unit()
        fa = fb = None
        if r.peek() == "face":
            r.next("face")
            fa = None if r.peek() == "keep" and r.next("keep") else r.facing()
            if r.more():
                fb = None if r.peek() == "keep" and r.next("keep") else r.facing()
            else:
                fb = fa
        r.end()
        return Swap(n, a, b, fa, fb)
    if verb == "disengage":
        uid = r.unit()
        to = r.hex() if r.more() else None
        r.end()
        return Disengage(n, uid, to)
    if verb == "combine":
        a, b = r.unit(), r.unit()
        c3 = r.unit() if r.more() and r.peek().lstrip("#").isdigit() else None
        at = at2 = None
        if r.peek() == "at":
            r.next("at")
            at = r.hex()
            if c3 is not None:
                at2 = r.hex("the second hex kept by the two 6-stand units")
        r.end()
        if c3 is not None:
            return CombineBlocks(n, a, b, c3, at, at2)
        return Combine(n, a, b, at)
    if verb == "separate":
        a, b = r.unit(), r.unit()
        into = None
        if r.peek() == "into":
            r.next("into")
            into = r.hex()
        r.end()
        return Separate(n, a, b, into)
    if verb == "embark":
        uid = r.unit()
        c = r.col()
        if r.next("`onto`").lower() != "onto":
            raise Syntax("write `embark UNIT onto BOAT`", c)
        boat = r.unit()
        r.end()
        return Embark(n, uid, boat)
    if verb == "disembark":
        uid = r.unit()
        to = r.hex("the land hex to disembark onto, such as 0405")
        r.end()
        return Disembark(n, uid, to)
    if verb == "rejoin":
        uid = r.unit()
        r.end()
        return Rejoin(n, uid)
    if verb == "exchange":
        a, b = r.unit(), r.unit()
        r.end()
        return Exchange(n, a, b)
    if verb == "drop-pavisses":
        uid = r.unit()
        r.end()
        return DropPavisses(n, uid)
    if verb == "suppress":
        uid = r.unit()
        c = r.col()
        if r.next("`at`").lower() != "at":
            raise Syntax("write `suppress UNIT at ENEMY`", c)
        t = r.integer("an enemy unit id")
        r.end()
        return Suppress(n, uid, t)
    if verb in ("plant", "lift"):
        uid = r.unit()
        r.end()
        return Stakes(n, uid, verb == "plant")
    if verb == "rally":
        uid = r.unit()
        facing = formation = None
        while r.more():
            c = r.col()
            w = r.next("face X, column or deployed").lower()
            if w == "face":
                facing = r.facing()
            elif _formation_word(w):
                formation = _formation_word(w)
            else:
                raise Syntax(f"unexpected {w!r} in a rally order", c)
        return Rally(n, uid, facing, formation)
    if verb == "shoot":
        uid = r.unit()
        if r.peek() == "none":
            r.next("none")
            r.end()
            return Shoot(n, uid)
        c = r.col()
        if r.next("`at`").lower() != "at":
            raise Syntax("write `shoot UNIT at TARGET [TARGET ...] [face X]` or `shoot UNIT none`", c)
        targets = []
        facing = None
        while r.more():
            if r.peek() == "face":
                r.next("face")
                facing = r.facing()
            else:
                targets.append(r.integer("an enemy unit id"))
        if not targets:
            raise Syntax("name at least one target unit", r.col())
        return Shoot(n, uid, tuple(targets), facing)
    if verb == "fight":
        uid = r.unit()
        c = r.col()
        if r.next("`vs`").lower() != "vs":
            raise Syntax("write `fight FOCUS vs UNIT [UNIT ...]`", c)
        opps = []
        while r.more():
            opps.append(r.integer("an enemy unit id"))
        if not opps:
            raise Syntax("name at least one opponent", r.col())
        return Fight(n, uid, tuple(opps))
    if verb == "follow-up" and r.peek() == "general":
        r.next("general")
        gid = general_id()
        val = _yes_no(r)
        r.end()
        return GeneralFollowUp(n, gid, val)
    if verb in ("follow-up", "pursue"):
        uid = r.unit()
        val = _yes_no(r)
        r.end()
        return (FollowUp if verb == "follow-up" else Pursue)(n, uid, val)
    if verb in ("hold-fire", "release"):
        uid = r.unit()
        r.end()
        return HoldFire(n, uid, verb == "hold-fire")
    raise Syntax(
        f"unknown order {verb!r}",
        1,
        "orders are: general, move, single, swap, disengage, combine, separate, rejoin, embark, disembark, exchange,"
        " drop-pavisses, plant, lift, rally, hold-fire, release, shoot, suppress, fight, follow-up, pursue",
    )
