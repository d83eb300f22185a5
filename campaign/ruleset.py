"""The interface between the game-agnostic core and one rule system, and the registry of rule systems.

A ruleset is a deterministic function of (state, input, dice). The core owns I/O: it stores
inputs as events, draws or replays dice, and asks the ruleset what the inputs mean. Two paths
exist for orders (python-chess style): `parse_orders` validates text from a player and explains
every mistake; `apply_orders` applies what was already accepted, without re-checking, on replay.
"""

from __future__ import annotations

import importlib
import os
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Protocol

from campaign.refusals import NeedDecision as NeedDecision  # re-exported: part of the interface
from campaign.refusals import OrderError as OrderError
from campaign.refusals import OrdersRejected as OrdersRejected

if TYPE_CHECKING:
    from campaign.kit.check import ArmyStatus, CheckReport, UnitCard
    from campaign.kit.legal import LegalOptions
    from campaign.kit.scenario_file import Problem
    from campaign.picture import BoardPicture
    from campaign.picture.table import TablePicture

ENTRY_POINT_GROUP = "campaign.rulesets"
EXTRA_RULESETS_ENV = "CAMPAIGN_RULESETS"
"""Extra rulesets for development, as ``module:attribute`` entries separated by commas."""

State = Any
"""A ruleset's own game state. The core treats it as opaque and never reuses one it passed on."""

JSON = Any
"""Anything `json.dumps` accepts: dicts with str keys, lists, str, int, bool, None (no floats in rules)."""


class RequestKind(Enum):
    """What the core is waiting for from one side."""

    ORDERS = "orders"
    """Orders for a phase (a bound, a turn, a deployment)."""
    DECISION = "decision"
    """A single choice that resolution stopped for (evade or stand, which hex to follow into, ...)."""


class MissedOrders(Enum):
    """What happens when a side misses its deadline."""

    HOLD = "hold"
    """The side's units do nothing this phase."""
    STANDING = "standing"
    """The side's standing orders are applied (the ruleset decides what they are)."""
    BOT = "bot"
    """The computer player writes the side's orders."""


@dataclass(frozen=True, slots=True)
class Request:
    """One side must act: what for, and a short prompt a player can read in a mail."""

    side: str
    kind: RequestKind
    key: str
    """Stable id of the phase or decision; later orders with the same key replace earlier ones."""
    phase: str
    """Human label such as "turn 3, red bound: movement"."""
    prompt: str = ""
    optional: bool = False
    """True when the phase may resolve without this side's orders (it then does nothing)."""
    sealed: bool = False
    """True when what this side sends is hidden from every other side (digest, status, view,
    archive) until no sealed request with this key is still pending: the inputs are then revealed
    together (Proconsul's group declarations). See `campaign.sealed`."""


@dataclass(frozen=True, slots=True)
class AcceptedOrders:
    """Orders that passed validation: what the log stores and what replay applies."""

    side: str
    key: str
    data: JSON
    """The parsed orders as JSON-able data; `apply_orders` receives exactly this back."""
    canonical: str
    """The orders re-written in canonical form, echoed to the player with their hash."""


@dataclass(frozen=True, slots=True)
class ScenarioInfo:
    """A scenario a game can be created from."""

    name: str
    title: str
    sides: tuple[str, ...]
    description: str = ""

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "sides": list(self.sides), "description": self.description}


@dataclass(frozen=True, slots=True)
class ScenarioSource:
    """Where a game's starting position comes from: a shipped scenario, or the text of a scenario file.

    A game created from a file stores the whole text in its GameCreated event, so replay never
    reads the file again (it may since have changed or gone).
    """

    name: str
    """The shipped scenario's name, or the file's name (``position.toml``) for a file."""
    text: str | None = None
    """The file's whole content; None for a shipped scenario."""
    path: str = ""
    """Where the file was read from, as given (for messages and the record only)."""

    @property
    def from_file(self) -> bool:
        return self.text is not None

    @property
    def label(self) -> str:
        """What error messages call it: the path for a file, else the name."""
        return self.path or self.name


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended."""

    winner: str | None
    """The winning side, or None for a draw."""
    reason: str


@dataclass(slots=True)
class Resolution:
    """What `Ruleset.resolve` returns: the new state and what happened, line by line."""

    state: State
    narrative: list[str] = field(default_factory=list)


class DiceSource(Protocol):
    """Where a ruleset gets its dice and mid-resolution decisions: live, or read back from the log.

    Dice and decisions are the two things a resolution cannot compute for itself; both come
    through here so that replay can hand back exactly what the live resolution was given.
    """

    def roll(self, sides: int, purpose: str) -> int:
        """One die with `sides` faces, 1..sides, requested for `purpose` (logged with it)."""
        ...

    def decide(self, side: str, key: str, question: str, options: tuple[str, ...], default: str) -> str:
        """`side`'s answer to a question its standing orders do not settle; one of `options`.

        When no answer is on file, live resolution raises NeedDecision: nothing is written, the
        side is asked, and once it answers the phase is resolved again from its start, with the
        same dice up to that point. `default` is what a missed deadline applies.
        """
        ...


class Ruleset(ABC):
    """One rule system. Subclasses set the class attributes and implement the methods."""

    name: str = ""
    aliases: tuple[str, ...] = ()
    title: str = ""
    version: str = "0"
    """Engine version; recorded on every event the engine accepted."""
    default_scenario: str = ""
    """The scenario `campaign demo` plays when none is named (empty: the first shipped one)."""

    # --- set-up -----------------------------------------------------------------------------
    @abstractmethod
    def scenarios(self) -> list[ScenarioInfo]:
        """Scenarios shipped with this ruleset."""

    @abstractmethod
    def setup(self, scenario: str, options: Mapping[str, JSON]) -> State:
        """A fresh game from a scenario name and options; raises ValueError with a plain message."""

    def setup_text(self, text: str, name: str, options: Mapping[str, JSON]) -> State:
        """A fresh game from the text of a scenario file (any position the rules can be in).

        `name` is what errors call the file (its path). Raise
        `campaign.kit.scenario_file.ScenarioError` listing every problem with its line.
        The file format is the ruleset's own, documented in docs/scenarios.md.
        """
        raise NotImplementedError(f"{self.name} cannot start a game from a scenario file yet")

    def describe_text(self, text: str, name: str) -> ScenarioInfo:
        """Title and sides of a scenario file, for `game new` to check `--side` against.

        The default reads the shape every shipped engine uses: TOML with `title`, `description`
        and two or more `[[sides]]` tables each with a `name`. Raises ScenarioError.
        """
        from campaign.kit.scenario_file import Fields, TomlDocument

        doc = TomlDocument.parse(text, name)
        f = Fields(doc)
        title = f.text(doc.data, "title", default="")
        description = f.text(doc.data, "description", default="")
        tables = f.tables(doc.data, "sides", required=True)
        sides = tuple(f.text(sd, "name", f"sides[{i}]") for i, sd in enumerate(tables))
        f.done()
        return ScenarioInfo(name, title or name, sides, description)

    def check_text(self, text: str, name: str) -> list[Problem]:
        """Every problem with a scenario file, each with its line; empty when a game can start from it.

        The default describes the file and sets a game up from it with no options, turning a
        ScenarioError into its problems and any other ValueError into one problem for the file.
        """
        from campaign.kit.scenario_file import Problem, ScenarioError

        try:
            self.describe_text(text, name)
            self.setup_text(text, name, {})
        except ScenarioError as exc:
            return list(exc.problems)
        except NotImplementedError as exc:
            return [Problem(name, 0, "", str(exc))]
        except ValueError as exc:
            return [Problem(name, 0, "", str(exc))]
        return []

    def scenario_problems(self) -> list[Problem]:
        """Shipped scenario files that cannot be read (`scenarios` leaves them out); default none."""
        return []

    def new_game_options(self, options: Mapping[str, JSON]) -> Mapping[str, JSON]:
        """The options a NEW game records in its GameCreated event (default: as given).

        An engine whose rules changed adds its current rules version here, so games recorded before
        the change (whose options lack it) replay with the old behaviour and new games get the new one.
        """
        return options

    # concrete helpers over the methods above: the core calls these, engines need not override them
    def setup_from(self, source: ScenarioSource, options: Mapping[str, JSON]) -> State:
        """A fresh game from a shipped scenario or a file's text (what GameCreated recorded)."""
        if source.text is None:
            return self.setup(source.name, options)
        return self.setup_text(source.text, source.label, options)

    # --- who must act -------------------------------------------------------------------------
    @abstractmethod
    def pending(self, state: State) -> list[Request]:
        """Every side that must (or may) act now and on what; empty when the game is over."""

    @abstractmethod
    def ready(self, state: State) -> bool:
        """True when the current phase can be resolved with the inputs on file."""

    # --- inputs -------------------------------------------------------------------------------
    @abstractmethod
    def parse_orders(self, state: State, side: str, text: str) -> AcceptedOrders:
        """Validate an order text for `side` against `state`; raise OrdersRejected with every error."""

    @abstractmethod
    def apply_orders(self, state: State, orders: AcceptedOrders) -> State:
        """Trusted path: file already-accepted orders (replacing earlier ones with the same key)."""

    def withdraw_orders(self, state: State, side: str, key: str) -> State:
        """Trusted path: drop orders on file for (side, key)."""
        raise NotImplementedError

    @abstractmethod
    def resolve(self, state: State, dice: DiceSource) -> Resolution:
        """Resolve the current phase; every random number comes from `dice`."""

    # --- reading the state --------------------------------------------------------------------
    @abstractmethod
    def turn(self, state: State) -> int:
        """The current game turn, from 1."""

    @abstractmethod
    def phase(self, state: State) -> str:
        """A short label for the current phase."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    def turn_limit(self, state: State) -> int | None:
        """The last game turn, if the game has one (for progress bars); default: none known."""
        return None

    @abstractmethod
    def view(self, state: State, side: str | None = None) -> JSON:
        """The board as JSON-able data, as `side` may see it (None: the referee's full view)."""

    @abstractmethod
    def render_text(self, state: State, side: str | None = None) -> str:
        """The board as plain text for a terminal or a mail."""

    def picture(self, state: State, side: str | None = None, title: str = "") -> BoardPicture | TablePicture | None:
        """The board as a picture for campaign.render (a hex board or a measured table), or None."""
        return None

    def picture_svg(self, state: State, side: str | None = None, title: str = "") -> str | None:
        """An SVG the ruleset draws itself, when it has no board `picture` (a campaign map); or None."""
        return None

    def legal_options(self, state: State, side: str) -> LegalOptions:
        """What each of `side`'s units may do in the current phase, as data (campaign.kit.legal).

        Read by the LEGAL and CHECK mail answers, the computer player and the order sheet.
        """
        raise NotImplementedError(f"{self.name} cannot list legal options yet")

    # --- before committing: CHECK, UNITS, STATUS ----------------------------------------------
    def check_orders(self, state: State, side: str, text: str) -> CheckReport:
        """A dry run of `text` for `side`: the canonical echo, each order's path, cost or verdict,
        the predicted command status, and the dice a resolution would ask for. Never changes `state`.

        The default (campaign.kit.check.default_check) parses the text, matches each canonical line
        to `legal_options`, and resolves a copy with dice that record and store nothing. Engines may
        enrich it.
        """
        from campaign.kit.check import default_check

        return default_check(self, state, side, text)

    def unit_cards(self, state: State, side: str | None) -> list[UnitCard]:
        """Every unit of `side` (None: all) with its rules values and markers, in the game's terms.

        The default reads the unit records of `view(state, side)`.
        """
        from campaign.kit.check import default_unit_cards

        return default_unit_cards(self.view(state, side), side)

    def army_status(self, state: State, side: str) -> ArmyStatus:
        """How `side` stands: losses against its break point, turn of the turn limit, generals.

        The default knows only the turn, the turn limit, what the side is asked for and the outcome.
        """
        from campaign.kit.check import default_army_status

        return default_army_status(self, state, side)

    # --- snapshots ----------------------------------------------------------------------------
    @abstractmethod
    def dump(self, state: State) -> JSON:
        """Serialise a state for a snapshot; `load(dump(s))` must behave exactly like `s`."""

    @abstractmethod
    def load(self, data: JSON) -> State:
        """Rebuild a state from `dump` output."""

    # --- missed deadlines ----------------------------------------------------------------------
    def default_orders(self, state: State, side: str, policy: MissedOrders) -> str:
        """Order text to file for a side that missed its deadline, under `policy`.

        HOLD: orders that do nothing; STANDING: the side's standing orders; BOT: the computer
        player (seeded by the caller through `bot_orders`).
        """
        raise NotImplementedError(f"{self.name} has no default orders for {policy.value}")

    # --- computer player ----------------------------------------------------------------------
    def bot_orders(self, state: State, side: str, seed: int) -> str:
        """Legal order text for `side` now, chosen deterministically from `seed`."""
        raise NotImplementedError(f"{self.name} has no computer player yet")


class UnknownRuleset(LookupError):
    """No installed ruleset has that name or alias."""


_registered: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset by hand (tests, embedding); entry points are found without this."""
    global _cache
    _registered[ruleset.name] = ruleset
    _cache = None
    return ruleset


def _load_ref(ref: str) -> Ruleset:
    module, _, attr = ref.partition(":")
    obj = getattr(importlib.import_module(module), attr or "RULESET")
    ruleset: Ruleset = obj() if isinstance(obj, type) else obj
    return ruleset


_cache: tuple[tuple[str, int], dict[str, Ruleset]] | None = None


@dataclass(frozen=True, slots=True)
class RulesetEntry:
    """One installed rule system as `campaign rulesets` lists it, with the shipped files it skipped."""

    name: str
    title: str
    version: str
    aliases: tuple[str, ...]
    scenarios: tuple[ScenarioInfo, ...]
    broken: tuple[str, ...]

    @classmethod
    def of(cls, rs: Ruleset) -> RulesetEntry:
        broken = tuple(str(p) for p in rs.scenario_problems())  # files that cannot be read: named, left out
        return cls(rs.name, rs.title, rs.version, tuple(rs.aliases), tuple(rs.scenarios()), broken)

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "version": self.version,
            "aliases": list(self.aliases),
            "scenarios": [s.as_json() for s in self.scenarios],
            "broken": list(self.broken),
        }

    def lines(self) -> list[str]:
        aliases = f" (also {', '.join(self.aliases)})" if self.aliases else ""
        out = [f"{self.name} {self.version}: {self.title}{aliases}"]
        return out + [f"  {s.name:24} {s.title}  [sides: {', '.join(s.sides)}]" for s in self.scenarios]


def installed() -> dict[str, Ruleset]:
    """Every ruleset available: entry points, `CAMPAIGN_RULESETS` and hand-registered ones.

    Entry points are scanned once per process (scanning costs milliseconds, and replay asks
    for the ruleset of every game it loads); `register` and a changed CAMPAIGN_RULESETS rescan.
    """
    global _cache
    key = (os.environ.get(EXTRA_RULESETS_ENV, ""), len(_registered))
    if _cache is not None and _cache[0] == key:
        return dict(_cache[1])
    found = _scan()
    _cache = (key, found)
    return dict(found)


def _scan() -> dict[str, Ruleset]:
    found: dict[str, Ruleset] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        obj = ep.load()
        if obj is None:
            continue
        rs = obj() if isinstance(obj, type) else obj
        found[rs.name] = rs
    for ref in filter(None, (s.strip() for s in os.environ.get(EXTRA_RULESETS_ENV, "").split(","))):
        rs = _load_ref(ref)
        found[rs.name] = rs
    found.update(_registered)
    return dict(sorted(found.items()))


_own: dict[str, Ruleset] = {}
"""Rule systems shipped with campaign itself, found by name without a scan (see `_find_own`)."""


def _find_own(key: str) -> Ruleset | None:
    """A rule system registered by campaign's own distribution under this entry-point name.

    Reads one distribution's entry points instead of every installed one's, and imports only the
    engine asked for. Skipped (None) when CAMPAIGN_RULESETS or `register` could override it.
    """
    if os.environ.get(EXTRA_RULESETS_ENV) or _registered:
        return None
    if key in _own:
        return _own[key]
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        eps = distribution("campaign").entry_points
    except PackageNotFoundError:
        return None
    for ep in eps:
        if ep.group == ENTRY_POINT_GROUP and ep.name.lower().replace("_", "-") == key:
            obj = ep.load()
            rs: Ruleset | None = obj() if isinstance(obj, type) else obj
            if rs is not None and rs.name.lower().replace("_", "-") == key:
                _own[key] = rs
                return rs
    return None


def find(name: str) -> Ruleset:
    """Look a ruleset up by name or alias (case-insensitive; '_' and '-' are the same)."""
    key = name.strip().lower().replace("_", "-")
    own = _find_own(key)
    if own is not None:
        return own
    rulesets = installed()
    for rs in rulesets.values():
        names = {rs.name, *rs.aliases}
        if key in {n.lower().replace("_", "-") for n in names}:
            return rs
    known = ", ".join(rulesets) or "none"
    raise UnknownRuleset(f"no ruleset named {name!r} is installed (installed: {known})")
