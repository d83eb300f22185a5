"""The Cry Havoc order language, read through the kit's Grammar [CH.PBEM.3]-[CH.PBEM.12].

One message holds a side's orders for its whole phase; each line is one order, carried out in
its step (§4) in the order written [CH.SEQ.10] [CH.PBEM.11]. What is not ordered does not happen:
no fire, no movement, no combat, no phase-long action [CH.PBEM.3] [CH.PBEM.7] [CH.PBEM.8] [CH.PBEM.10].
An escaped knight is attacked with an ordinary ``attack`` [CH.PBEM.22] [CH.RANSOM.11].
See docs/orders/cry-havoc.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from campaign.hexgrid import Hex, LabelError
from campaign.kit.reader import Cursor, Grammar, LineError, did_you_mean

from .geometry import HorseStep
from .state import GameState

FACINGS = {"e": 0, "ne": 1, "nw": 2, "w": 3, "sw": 4, "se": 5}
STEP_NAMES = {s.lower(): s for s in (*HorseStep.ALL,)}


@dataclass(frozen=True, slots=True)
class Fire:
    """``fire B1 at K2 [hex 0506] [line L]``: one missile attack [CH.FIRE.1]; ``fire2`` is step 4 [CH.SEQ.5]."""

    firer: str
    target: str
    hex: Hex | None = None
    line: str = ""
    second: bool = False


@dataclass(frozen=True, slots=True)
class Move:
    """``move M1 0505 0506`` / ``move M1 to 0506`` / ``move K1 F0 F+1 P-1`` [CH.MOVE.4] [CH.HORSE.3]."""

    who: str
    path: tuple[Hex, ...] = ()
    to: Hex | None = None
    steps: tuple[str, ...] = ()
    facing: int | None = None
    lead: str = ""
    """``move M1 0505 0506 lead H1``: a man on foot leads a riderless horse or a mule [CH.HORSE.12]."""


@dataclass(frozen=True, slots=True)
class Leave:
    """``leave M1``: step off the map across an exit edge of his side (1 MP) [CH.MOVE.12]."""

    who: str


@dataclass(frozen=True, slots=True)
class Attack:
    """``attack D1 [D2 ...] with A1 [A2 ...]``: one hand-to-hand combat [CH.COMBAT.4]."""

    defenders: tuple[str, ...]
    attackers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Declare:
    """``mount K1 H1`` / ``dismount K1 [at 0506]``: a phase-long action, declared in step 0 [CH.SEQ.8]."""

    who: str
    action: str
    horse: str = ""
    at: Hex | None = None
    behind: str = ""
    """``attach M1 U2 to U1`` ties mule U2 behind U1; ``detach M1 U2`` unties U2 [CH.MULE.4]."""


@dataclass(frozen=True, slots=True)
class Exchange:
    """``exchange GIVER TAKER N``: N arrows or bolts pass between adjacent archers, a whole phase [CH.AMMO.4]."""

    giver: str
    taker: str
    count: int


@dataclass(frozen=True, slots=True)
class Standing:
    """``nominate C1 X3`` / ``surrender K1 never`` / ``refusal withdraw``: standing orders [CH.PBEM.2]."""

    key: str
    value: str


@dataclass(frozen=True, slots=True)
class Escape:
    """``escape K1``: a prisoner whose escort is not valid escapes at the start of step 3 [CH.RANSOM.10]."""

    who: str


@dataclass(frozen=True, slots=True)
class Escort:
    """``escort P1 K2`` / ``escort P1 M3 M4``: the captor names a prisoner's escort after his moves [CH.RANSOM.7]."""

    prisoner: str
    escort: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Command:
    """``command K1 M2 M3 B4``: an explicit command allocation for this phase [CH.COMMAND.7] [CH.PBEM.9]."""

    boss: str
    men: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """``pass``: nothing this phase."""


Order = Fire | Move | Leave | Attack | Declare | Exchange | Standing | Escape | Escort | Command | Pass


def _who(c: Cursor, st: GameState, what: str = "a character id") -> str:
    w = c.next(what)
    key = w.text.upper()
    if key in st.characters or key in st.animals:
        return key
    raise LineError(
        f"there is no character or animal {w.text!r}",
        w.column,
        "CH.ROSTER.5",
        did_you_mean(w.text, [*st.characters, *st.animals], "ids", limit=60),
    )


def _hex(c: Cursor, st: GameState) -> Hex:
    w = c.next("a hex label")
    try:
        return st.board.parse(w.text)
    except LabelError as e:
        raise LineError(str(e), w.column, "CH.GEOM.1") from None


def p_fire(second: bool) -> Callable[[Cursor, GameState], Fire]:
    def parse(c: Cursor, st: GameState) -> Fire:
        firer = _who(c, st, "the firer's id")
        if not c.accept("at"):
            raise LineError("write 'at' before the target", c.column)
        target = _who(c, st, "the target's id")
        hex_, line = None, ""
        while c.more():
            if c.accept("hex"):
                hex_ = _hex(c, st)
            elif c.accept("line"):
                line = c.choice("a line (L or R)", {"l": "L", "r": "R"}, "CH.FIRE.4")
            else:
                w = c.next("hex or line")
                raise LineError(f"unexpected {w.text!r}", w.column, hint="options: hex HEX, line L|R")
        return Fire(firer, target, hex_, line, second)

    return parse


def p_move(c: Cursor, st: GameState) -> Move:
    move = _p_move(c, st)
    if c.accept("lead"):
        from dataclasses import replace

        move = replace(move, lead=_who(c, st, "the animal led"))
    return move


def _p_move(c: Cursor, st: GameState) -> Move:
    who = _who(c, st)
    if c.accept("to"):
        to = _hex(c, st)
        facing = None
        if c.accept("facing"):
            facing = c.choice("a facing", FACINGS, "CH.HORSE.1")
        return Move(who, to=to, facing=facing)
    if c.peek() in STEP_NAMES:
        steps = []
        while c.more():
            steps.append(c.choice("a mounted step", STEP_NAMES, "CH.HORSE.3"))
        return Move(who, steps=tuple(steps))
    path = []
    while c.more() and c.peek() != "lead":
        path.append(_hex(c, st))
    if not path:
        raise LineError(
            "a move needs hexes, 'to HEX', or mounted steps",
            c.column,
            hint="move M1 0505 0506 | move M1 to 0506 | move K1 F0 F+1",
        )
    return Move(who, path=tuple(path))


def p_attack(c: Cursor, st: GameState) -> Attack:
    defenders = []
    while c.more() and c.peek() != "with":
        defenders.append(_who(c, st, "a defender's id"))
    if not c.accept("with"):
        raise LineError("write 'with' before the attackers", c.column, hint="attack K2 with M1 M2")
    attackers = []
    while c.more():
        attackers.append(_who(c, st, "an attacker's id"))
    if not defenders or not attackers:
        raise LineError("name defenders, then 'with', then attackers", c.column, hint="attack K2 with M1 M2")
    return Attack(tuple(defenders), tuple(attackers))


def p_mount(c: Cursor, st: GameState) -> Declare:
    return Declare(_who(c, st), "mount", horse=_who(c, st, "the horse's id"))


def p_dismount(c: Cursor, st: GameState) -> Declare:
    who = _who(c, st)
    at = _hex(c, st) if c.accept("at") else None
    return Declare(who, "dismount", at=at)


def p_attach(c: Cursor, st: GameState) -> Declare:
    who, mule = _who(c, st), _who(c, st, "the mule")
    if not c.accept("to"):
        raise LineError("write 'to' and the last mule of the string", c.column, hint="attach M1 U2 to U1")
    return Declare(who, "attach", horse=mule, behind=_who(c, st, "the last mule of the string"))


def p_escort(c: Cursor, st: GameState) -> Escort:
    prisoner = _who(c, st, "the prisoner")
    escort = [_who(c, st, "an escort")]
    while c.more():
        escort.append(_who(c, st, "an escort"))
    return Escort(prisoner, tuple(escort))


def p_command(c: Cursor, st: GameState) -> Command:
    boss = _who(c, st, "a knight or sergeant")
    men = [_who(c, st, "a man he commands")]
    while c.more():
        men.append(_who(c, st, "a man he commands"))
    return Command(boss, tuple(men))


# [CH.PBEM.6] ``nominate`` files the corner-cover nominee for the coming enemy phase.
def p_nominate(c: Cursor, st: GameState) -> Standing:
    return Standing(f"nominate-{_who(c, st, 'your character in a corner hex')}", _who(c, st, "the enemy firer"))


def p_surrender(c: Cursor, st: GameState) -> Standing:
    who = _who(c, st, "a knight")
    return Standing(f"surrender-{who}", c.choice("offer or never", {"offer": "offer", "never": "never"}, "CH.PBEM.12"))


def p_refusal(c: Cursor, st: GameState) -> Standing:
    return Standing(
        "after-refusal", c.choice("proceed or withdraw", {"proceed": "proceed", "withdraw": "withdraw"}, "CH.PBEM.26")
    )


GRAMMAR: Grammar[GameState, Order] = Grammar("cry-havoc")
GRAMMAR.verb("fire", p_fire(False), aliases=("shoot",), usage="fire FIRER at TARGET [hex HEX] [line L|R]")
GRAMMAR.verb("fire2", p_fire(True), usage="fire2 SHORTBOWMAN at TARGET [hex HEX] [line L|R]")
GRAMMAR.verb(
    "move", p_move, usage="move ID HEX HEX ... [lead ANIMAL] | move ID to HEX [facing F] | move ID F0 F+1 P-1 B ..."
)
GRAMMAR.verb("leave", lambda c, st: Leave(_who(c, st)), usage="leave ID")
GRAMMAR.verb("attack", p_attack, usage="attack DEFENDER ... with ATTACKER ...")
GRAMMAR.verb("mount", p_mount, usage="mount ID HORSE")
GRAMMAR.verb("dismount", p_dismount, usage="dismount ID [at HEX]")
GRAMMAR.verb(
    "exchange",
    lambda c, st: Exchange(_who(c, st, "the giver"), _who(c, st, "the taker"), c.integer("how many", 1, 30)),
    usage="exchange GIVER TAKER N",
)
GRAMMAR.verb("attach", p_attach, usage="attach MAN MULE to LAST-MULE")
GRAMMAR.verb(
    "detach", lambda c, st: Declare(_who(c, st), "detach", horse=_who(c, st, "the mule")), usage="detach MAN MULE"
)
GRAMMAR.verb("escort", p_escort, usage="escort PRISONER KNIGHT | escort PRISONER MAN MAN")
GRAMMAR.verb("command", p_command, usage="command KNIGHT-OR-SERGEANT MAN MAN ...")
GRAMMAR.verb("nominate", p_nominate, usage="nominate YOUR-MAN ENEMY-FIRER")
GRAMMAR.verb("surrender", p_surrender, usage="surrender KNIGHT offer|never")
GRAMMAR.verb("refusal", p_refusal, usage="refusal proceed|withdraw")
GRAMMAR.verb("escape", lambda c, st: Escape(_who(c, st)), usage="escape PRISONER")
GRAMMAR.verb("pass", lambda c, st: Pass(), aliases=("hold",), usage="pass")


def canonical(order: Order, st: GameState) -> str:
    """The order written back in canonical form."""
    lab = st.board.label
    if isinstance(order, Fire):
        extra = (f" hex {lab(order.hex)}" if order.hex else "") + (f" line {order.line}" if order.line else "")
        return f"{'fire2' if order.second else 'fire'} {order.firer} at {order.target}{extra}"
    if isinstance(order, Move):
        if order.to is not None:
            face = (
                ""
                if order.facing is None
                else f" facing {[k for k, v in FACINGS.items() if v == order.facing][0].upper()}"
            )
            return f"move {order.who} to {lab(order.to)}{face}" + (f" lead {order.lead}" if order.lead else "")
        lead = f" lead {order.lead}" if order.lead else ""
        return f"move {order.who} " + " ".join(order.steps or tuple(lab(h) for h in order.path)) + lead
    if isinstance(order, Leave):
        return f"leave {order.who}"
    if isinstance(order, Attack):
        return f"attack {' '.join(order.defenders)} with {' '.join(order.attackers)}"
    if isinstance(order, Declare) and order.action == "attach":
        return f"attach {order.who} {order.horse} to {order.behind}"
    if isinstance(order, Declare) and order.action == "detach":
        return f"detach {order.who} {order.horse}"
    if isinstance(order, Declare):
        return (
            f"mount {order.who} {order.horse}"
            if order.action == "mount"
            else (f"dismount {order.who}" + (f" at {lab(order.at)}" if order.at else ""))
        )
    if isinstance(order, Exchange):
        return f"exchange {order.giver} {order.taker} {order.count}"
    if isinstance(order, Standing):
        k = order.key
        if k.startswith("nominate-"):
            return f"nominate {k[9:]} {order.value}"
        if k.startswith("surrender-"):
            return f"surrender {k[10:]} {order.value}"
        return f"refusal {order.value}"
    if isinstance(order, Escort):
        return f"escort {order.prisoner} {' '.join(order.escort)}"
    if isinstance(order, Command):
        return f"command {order.boss} {' '.join(order.men)}"
    if isinstance(order, Escape):
        return f"escape {order.who}"
    return "pass"
