"""What an order sheet holds, built from a game's state: the board, the unit cards and the legal options.

Everything comes through the `Ruleset` interface (`legal_options`, `unit_cards`, `picture`), so every
rule system gets a sheet without code of its own. The options are the engine's own, each with the
exact order line; the sheet only trims what a page cannot use (a second, dearer path to the same
place) and notes which hexes each option points at, so a click on the board finds it.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any

from campaign.kit.legal import LegalOptions, Option, OptionKind, UnitOptions
from campaign.replay import GameState

_TOKEN = re.compile(r"[A-Za-z0-9+\-]+")
_MOVING = (OptionKind.MOVE, OptionKind.CHARGE)
_SHORT = {"kind": "k", "order": "o", "target": "t", "cost": "c", "path": "p", "detail": "d", "later": "l"}
"""`Option.as_json`'s keys as the sheet's data spells them (every byte counts on a big board)."""


@dataclass(frozen=True, slots=True)
class Sheet:
    """One player's order sheet for one side, position and phase."""

    game: int
    player: str
    side: str
    ruleset: str
    scenario: str
    turn: int
    phase: str
    address: str
    """Where order mail goes (the game's address)."""
    chain_head: str
    legal: LegalOptions
    cards: tuple[tuple[str, str], ...] = ()
    """(unit id, card text) of the side's units."""
    svg: str | None = None
    """The board, with a transparent hex per label on top when it is a hex board."""
    hexes: frozenset[str] = frozenset()
    """Every hex label of the board (empty for a measured table)."""
    enemies: tuple[tuple[str, str], ...] = ()
    """(unit id, hex label) of other sides' counters on the board, for targets."""
    grammar: str = ""
    asks: bool = True
    """Whether the side is asked for orders now (a sheet for a side that waits says so)."""
    notes: tuple[str, ...] = field(default=())

    @property
    def signon(self) -> str:
        """The first line of an order mail, without the password (the player adds it)."""
        return f"SIGNON {self.player}@{self.game}"

    @property
    def subject(self) -> str:
        return f"[game {self.game}] turn {self.turn}, {self.side}: orders"

    @property
    def measured(self) -> bool:
        return not self.hexes

    def data(self) -> dict[str, Any]:
        """The JSON the page's script reads."""
        cards = dict(self.cards)
        return {
            "game": self.game,
            "player": self.player,
            "side": self.side,
            "phase": self.phase,
            "address": self.address,
            "subject": self.subject,
            "signon": self.signon,
            "measured": self.measured,
            "asks": self.asks,
            "notes": [*self.legal.notes, *self.notes],
            "units": [self._unit(u, cards.get(u.unit, "")) for u in self.legal.units],
        }

    def _unit(self, u: UnitOptions, card: str) -> dict[str, Any]:
        """One unit, compact: move and charge lines lose their common start (`mp`, put back by the
        script, as `expand` does) and a target that only repeats the option's hexes is left out."""
        opts = trimmed(u.options)
        moves = [o.order for o in opts if o.kind in _MOVING]
        mp = os.path.commonprefix(moves) if len(moves) > 1 else ""
        return {
            "id": u.unit,
            "name": u.name,
            "where": u.where,
            "at": self.labels_in(u.where),
            "notes": list(u.notes),
            "card": card,
            "mp": mp,
            "opts": [self._option(o, mp if o.kind in _MOVING else "") for o in opts],
        }

    def _option(self, o: Option, cut: str) -> dict[str, Any]:
        """The option's JSON under one-letter keys, its hexes added (`h`), a cut order line and a target
        that repeats the hexes left out."""
        out = {_SHORT[k]: v for k, v in o.as_json().items()}
        out["o"] = o.order[len(cut) :]
        where = self.option_hexes(o)
        if o.target != "/".join(where):
            out["t"] = o.target
        else:
            out.pop("t", None)
        if where:
            out["h"] = where
        return out

    def labels_in(self, text: str) -> list[str]:
        """The hex labels a text names, in order (`0208/0108` is a two-hex body)."""
        return [t for t in _TOKEN.findall(text) if t in self.hexes]

    def option_hexes(self, o: Option) -> list[str]:
        """Where on the board an option points: the end of a move, the hexes of a place, a target's hex."""
        if o.kind in (OptionKind.MOVE, OptionKind.CHARGE) and o.path:
            return [o.path[-1]]
        here = self.labels_in(o.target)
        if here:
            return here
        enemy = dict(self.enemies)
        return [enemy[t] for t in o.target.replace(",", " ").split() if t in enemy]

    def json_text(self) -> str:
        """The data as JSON that is safe inside a `<script>` element."""
        text = json.dumps(self.data(), ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def expand(unit: dict[str, Any]) -> list[dict[str, Any]]:
    """A unit's options as the page's script restores them: whole order lines, every target."""
    out = []
    for o in unit["opts"]:
        full = dict(o)
        if o["k"] in (k.value for k in _MOVING):
            full["o"] = unit["mp"] + o["o"]
        full.setdefault("t", "/".join(o.get("h", [])))
        out.append(full)
    return out


def trimmed(options: tuple[Option, ...]) -> list[Option]:
    """The options with one move per place: the first listed (the engines list the cheapest first)."""
    out: list[Option] = []
    seen: set[tuple[str, str]] = set()
    for o in options:
        if o.kind is OptionKind.MOVE and o.target:
            key = (o.kind.value, o.target)
            if key in seen:
                continue
            seen.add(key)
        out.append(o)
    return out


def build_sheet(gs: GameState, player: str, side: str, address: str, *, asks: bool | None = None) -> Sheet:
    """The sheet `player` uses to order `side` now (pure: reads the state, writes nothing)."""
    rs = gs.ruleset
    state = gs.state
    legal = rs.legal_options(state, side)
    cards = tuple((c.unit, c.text()) for c in rs.unit_cards(state, side))
    svg, hexes, enemies = _board(gs, side)
    if asks is None:
        asks = any(r.side == side and not r.optional for r in rs.pending(state))
    return Sheet(
        game=gs.number,
        player=player,
        side=side,
        ruleset=rs.name,
        scenario=gs.scenario,
        turn=rs.turn(state),
        phase=rs.phase(state),
        address=address,
        chain_head=gs.head_hash,
        legal=legal,
        cards=cards,
        svg=svg,
        hexes=hexes,
        enemies=enemies,
        grammar=getattr(rs, "grammar_reminder", ""),
        asks=asks,
    )


def _board(gs: GameState, side: str) -> tuple[str | None, frozenset[str], tuple[tuple[str, str], ...]]:
    """The board's SVG (with clickable hexes on a hex board), its labels, and the other sides' counters."""
    from campaign.picture import BoardPicture
    from campaign.render import render_svg
    from campaign.render.svg import render_svg as render_board

    title = f"Game {gs.number}: {gs.scenario}, turn {gs.ruleset.turn(gs.state)}"
    pic = gs.ruleset.picture(gs.state, side, title=title)
    if pic is None:
        return None, frozenset(), ()
    if not isinstance(pic, BoardPicture):
        return _strip_xml(render_svg(pic)), frozenset(), ()
    spec = pic.map_spec
    labels = frozenset(spec.label(h) for h in spec.hexes())
    enemies = tuple(
        (c.name.split()[0].lstrip("+"), spec.label(c.hex)) for c in pic.counters if c.side != side and c.name.split()
    )
    return _strip_xml(render_board(pic, hex_ids=True)), labels, enemies


def _strip_xml(svg: str) -> str:
    """An SVG document as an element to put inside HTML (without its XML declaration)."""
    return svg.split("?>", 1)[1].lstrip() if svg.startswith("<?xml") else svg
