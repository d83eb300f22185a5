"""The order language of Hordes & Heroes: one order per line (docs/orders/hordes-heroes.md) [HH.PD.*].

The orders as data: one frozen dataclass per kind. `language` reads them from text (grammar tables, every
error collected); the bound's order table (`table`) checks and carries them out. `order_text` is the
canonical line and `order_to_json`/`order_from_json` what the log stores.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from campaign.hexgrid import Hex, MapSpec

from .geometry import Edge, Facing
from .model import Formation
from .state import STANDING_KEYS


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


def _tok_from(d: list[Any]) -> Token:
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
class Disperse:
    """2012: a unit allowed to skirmish spreads its stands one per hex over the hexes named, in a chain (HH12.SPEC.1,
    ruling HH12.SPEC.A1 item 2)."""

    line: int
    unit: int
    hexes: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class Reform:
    """2012: every stand of the skirmish unit of stand `unit` gathers in `at` as one formed unit (HH12.SPEC.7)."""

    line: int
    unit: int
    at: Hex


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
class ShootingResults:
    """2012: the order in which the pooled results of the simultaneous shooting are applied, by target unit id
    (ruling HH12.SEQ.A1); targets not named follow in the default order (HH.PD.25)."""

    line: int
    targets: tuple[int, ...] = ()


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
    | Disperse
    | Reform
    | Embark
    | Disembark
    | Exchange
    | DropPavisses
    | Suppress
    | Stakes
    | Rally
    | HoldFire
    | Shoot
    | ShootingResults
    | Fight
    | FollowUp
    | GeneralFollowUp
    | Pursue
    | StandingOrder
    | InitiativeChoice
    | DeployUnit
    | DeployGeneral
)


def _namer(names: dict[int, str]) -> Callable[[int], str]:
    """A unit id with its name quoted after it, when the name is known."""

    def u(i: int) -> str:
        n = names.get(i)
        return f'{i} "{n}"' if n else str(i)

    return u


def order_text(o: Order, spec: MapSpec, names: dict[int, str]) -> str:
    """The canonical line for an order (names quoted after unit ids, for the reader)."""
    lab = spec.label
    u = _namer(names)

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
            # HH.MOVE.21: a swap facing E (0) is refused before it is echoed, so `is not None` changes no record
            parts += ["face", o.facing_a.name if o.facing_a is not None else "keep"]
            parts.append(o.facing_b.name if o.facing_b is not None else "keep")
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
    if isinstance(o, Disperse):
        return " ".join(["disperse", u(o.unit), *(lab(h) for h in o.hexes)])
    if isinstance(o, Reform):
        return f"reform {u(o.unit)} {lab(o.at)}"
    if isinstance(o, Embark):
        return f"embark {u(o.unit)} onto {u(o.boat)}"
    if isinstance(o, Disembark):
        return f"disembark {u(o.unit)} {lab(o.to)}"
    if isinstance(o, Separate):
        return " ".join(["separate", u(o.a), u(o.b)] + (["into", lab(o.into)] if o.into else []))
    return _other_text(o, spec, u)


def _other_text(o: Order, spec: MapSpec, u: Callable[[int], str]) -> str:
    """The canonical line of the orders that are not movement: choices, standing orders, set-up."""
    lab = spec.label
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
    if isinstance(o, ShootingResults):
        return " ".join(["results", *(str(t) for t in o.targets)])
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


def order_to_json(o: Order) -> dict[str, Any]:
    """JSON for the event log; `order_from_json` reverses it exactly."""
    kind = type(o).__name__
    d: dict[str, Any] = {"kind": kind}
    for name in o.__slots__:
        v = getattr(o, name)
        if isinstance(v, Hex):
            v = [v.q, v.r]
        elif isinstance(v, Facing):
            v = int(v)
        elif isinstance(v, Enum):
            v = v.value
        elif name == "tokens":
            v = [_tok_json(t) for t in v]
        elif name in ("path", "hexes"):
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
        Disperse,
        Reform,
        Embark,
        Disembark,
        Exchange,
        DropPavisses,
        Suppress,
        Stakes,
        Rally,
        HoldFire,
        Shoot,
        ShootingResults,
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


def order_from_json(d: dict[str, Any]) -> Order:
    cls = _KINDS[d["kind"]]
    kw: dict[str, Any] = {}
    for name in cls.__slots__:
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
            elif name in ("path", "hexes"):
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
