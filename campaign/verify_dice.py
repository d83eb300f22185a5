"""Check a campaign log offline with nothing but Python 3.11: the chain, every die, your receipts.

    python3 verify_dice.py events.jsonl [--receipt HASH ...] [--receipts FILE]

`events.jsonl` is `campaign export` output or the one in an audit bundle (whose other games'
events are opaque links: seq, prev_hash and hash only). Every rule checked here is stated in
docs/dice.md and docs/eventlog.md; `campaign audit verify` runs this same code and, with the
rules engine installed, also replays the boards. Exit status 0 only if nothing is wrong.
This file imports only the standard library, so a player can read all of it.
"""

from __future__ import annotations

import email
import hashlib
import hmac
import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

DOMAINS = {1: b"campaign-dice-v1", 2: b"campaign-dice-v2"}
MIN_SIDES, MAX_SIDES = 2, 1000
GENESIS = "0" * 64
HEX64 = re.compile(r"\b[0-9a-f]{64}\b")
VOIDABLE = {"OrdersSubmitted", "OrdersWithdrawn", "DiceEntered", "WaitSet", "DeadlinePassed", "Resigned"}
FOLLOWS = VOIDABLE | {"DiceRolled", "PhaseResolved", "GameEnded", "ReminderSent"}


def canonical(value: Any) -> bytes:
    """Canonical JSON as UTF-8 bytes: sorted keys, no spaces, non-ASCII kept as is."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sealed_reveal_ok(p: dict[str, Any]) -> bool:
    """A sealed input (one with a salt or commitment) proves its commitment: SHA-256 of salt, newline,
    canonical text (campaign.sealed.commitment). Inputs without either field have nothing to prove."""
    if "salt" not in p and "commitment" not in p:
        return True
    return sha256_hex(f"{p.get('salt')}\n{p.get('canonical')}".encode()) == p.get("commitment")


def event_hash(event: dict[str, Any]) -> str:
    """SHA-256 of the stored record (every field but `hash`; the payload as stored, never upcast)."""
    return sha256_hex(canonical({k: v for k, v in event.items() if k != "hash"}))


def face(seed: bytes, game: str, n: int, sides: int, inputs_hash: str, binding: int = 2) -> int:
    """Roll `n`: HMAC-SHA256(seed, message + block), uint32s rejection-sampled into 1..sides."""
    g = game.encode("utf-8")
    msg = (
        DOMAINS[binding] + b"\x00" + len(g).to_bytes(2, "big") + g + n.to_bytes(8, "big")
        + sides.to_bytes(2, "big") + bytes.fromhex(inputs_hash)
    )  # fmt: skip
    limit, block = 2**32 - 2**32 % sides, 0
    while True:
        d = hmac.new(seed, msg + block.to_bytes(4, "big"), hashlib.sha256).digest()
        for v in (int.from_bytes(d[i : i + 4], "big") for i in range(0, 32, 4)):
            if v < limit:
                return v % sides + 1
        block += 1


def inputs_hash(document: dict[str, Any]) -> str:
    """The hash a resolution's dice are bound to: SHA-256 of its inputs document's canonical JSON."""
    return sha256_hex(canonical(document))


# --- the chain ---------------------------------------------------------------------------------


@dataclass
class Chain:
    """What the chain walk found: its length and head, every head it passed through, the first problem."""

    count: int = 0
    head: str = GENESIS
    heads: dict[str, int] = field(default_factory=dict)
    problem: str | None = None
    links: int = 0


def check_chain(entries: Iterable[dict[str, Any]]) -> Chain:
    """Walk events (and opaque links) in order: consecutive seq, prev_hash links, hashes, stream versions."""
    out = Chain()
    versions: dict[str, int] = {}
    for e in entries:
        seq = e.get("seq", e.get("link"))
        if seq != out.count + 1:
            out.problem = f"seq {seq}: expected seq {out.count + 1}; event(s) missing, duplicated or out of order"
            return out
        if e.get("prev_hash") != out.head:
            out.problem = f"seq {seq}: prev_hash does not match the previous event's hash (removed, inserted or moved)"
            return out
        if "link" in e:
            out.links += 1
        elif event_hash(e) != e.get("hash"):
            out.problem = f"seq {seq}: hash does not match the event's content (it was altered)"
            return out
        else:
            want = versions.get(e["stream"], 0) + 1
            if e["version"] != want:
                out.problem = f"seq {seq}: stream {e['stream']!r} version {e['version']}, expected {want}"
                return out
            versions[e["stream"]] = want
        out.count, out.head = seq, str(e["hash"])
        out.heads[out.head] = seq
    return out


def check_receipts(chain: Chain, receipts: Iterable[str]) -> list[tuple[str, int | None]]:
    """Each receipt with the seq whose chain head it is, or None: a head this log never passed through."""
    return [(r, chain.heads.get(r)) for r in receipts]


def read_receipts(text: str) -> list[str]:
    """Receipts from a file: one hash per line, or the `Chain head` lines of saved digests and replies."""
    if re.match(r"^[\w-]+:", text) and "\n\n" in text:  # a saved mail: read its text parts
        msg = email.message_from_string(text)
        parts = [p.get_payload(decode=True) for p in msg.walk() if p.get_content_type() == "text/plain"]
        text = "\n".join(p.decode("utf-8", "replace") for p in parts if isinstance(p, bytes)) or text
    out: list[str] = []
    for line in text.splitlines():
        bare = line.strip().lower()
        if HEX64.fullmatch(bare) or "chain head" in bare:
            out += [h for h in HEX64.findall(bare) if h not in out]
    return out


# --- the dice ----------------------------------------------------------------------------------


def upcast(e: dict[str, Any]) -> dict[str, Any]:
    """The payload as schema 2 reads it (stored schema-1 dice use the old binding 1)."""
    p = dict(e["payload"])
    if e["type"] == "DiceRolled" and e["schema"] == 1 and p.get("mode") == "fair":
        p["binding"] = 1
    if e["type"] in ("PhaseResolved", "DecisionRequested") and e["schema"] == 1:
        p.setdefault("inputs", None)
        p.setdefault("resumed_from", None)
    return p


@dataclass
class Game:
    """One game stream as the dice check walks it."""

    stream: str
    mode: str = "fair"
    events: list[dict[str, Any]] = field(default_factory=list)
    voided: set[int] = field(default_factory=set)
    commits: dict[int, tuple[str, int]] = field(default_factory=dict)
    reveals: dict[int, str] = field(default_factory=dict)
    seed_no: int = 0
    last_n: dict[int, int] = field(default_factory=dict)
    batch: list[dict[str, Any]] = field(default_factory=list)
    resolved_at: int = 0
    """Seq of the last resolution (not voided) : the phase on file starts after it."""
    opened_at: int = 0
    """Seq of the last resolution or correction: decision requests count from here."""
    ended_at: int = 0
    new_binding: bool = False
    turns: list[tuple[int, int, int]] = field(default_factory=list)
    """(resolution seq, turn, seed) of every fair resolution that rolled dice."""
    rows: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def bad(self, seq: int, text: str) -> None:
        self.problems.append(f"{self.stream} seq {seq}: {text}")

    def since(self, start: int) -> Iterator[dict[str, Any]]:
        """This stream's events after seq `start`, not voided, in order."""
        return (e for e in self.events if e["seq"] > start and e["seq"] not in self.voided)


def on_file(game: Game) -> tuple[dict[tuple[str, str], tuple[str, int]], dict[tuple[str, str], str]]:
    """Orders ((side, key) -> (orders hash, seq)) and decisions on file since the last resolution."""
    orders: dict[tuple[str, str], tuple[str, int]] = {}
    decisions: dict[tuple[str, str], str] = {}
    for e in game.since(game.resolved_at):
        p = e["payload"]
        if e["type"] == "OrdersSubmitted":
            orders[(p["side"], p["key"])] = (p["orders_hash"], e["seq"])
        elif e["type"] == "OrdersWithdrawn":
            orders.pop((p["side"], p["key"]), None)
        elif e["type"] == "DecisionMade":
            decisions[(p["side"], p["key"])] = p["answer"]
    return orders, decisions


def expected_inputs(game: Game, doc: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The inputs document the log implies (turn, phase, checkpoint taken from `doc`), and its first order seq."""
    orders, decisions = on_file(game)
    want = {
        "format": "campaign-inputs-v2",
        "game": game.stream,
        "turn": doc.get("turn"),
        "phase": doc.get("phase"),
        "orders": [[s, k, h] for (s, k), (h, _) in sorted(orders.items())],
        "decisions": [[s, k, a] for (s, k), a in sorted(decisions.items())],
        "checkpoint": doc.get("checkpoint"),
    }
    return want, min((seq for _, seq in orders.values()), default=0)


def first_request(game: Game, *, bound: bool = False) -> dict[str, Any] | None:
    """The phase's first decision request (with `bound`: only one that carries an inputs document)."""
    request = next((e for e in game.since(game.opened_at) if e["type"] == "DecisionRequested"), None)
    if bound and request is not None and request["payload"].get("inputs") is None:
        return None  # asked by an older version: the resumed resolution was bound afresh
    return request


def check_inputs(game: Game, e: dict[str, Any], p: dict[str, Any]) -> str | None:
    """Check a resolution's (or first decision request's) inputs document; return its hash."""
    doc = p.get("inputs")
    if doc is None:
        if game.new_binding:
            game.bad(e["seq"], "no inputs document, in a game that already used the inputs binding")
        return None
    game.new_binding = True
    want, first_order = expected_inputs(game, doc)
    resumed = p.get("resumed_from") if e["type"] == "PhaseResolved" else None
    request = first_request(game, bound=True)
    if resumed is not None or (request is not None and e["type"] == "PhaseResolved"):
        if request is None or resumed != request["seq"]:
            game.bad(e["seq"], f"resumed_from {resumed} is not this phase's first decision request")
            return None
        want = request["payload"]["inputs"]
    if doc != want:
        game.bad(e["seq"], "the inputs document is not the orders and decisions on file for this resolution")
        return None
    if (doc.get("turn"), doc.get("phase")) != (p.get("turn", doc.get("turn")), p.get("phase", doc.get("phase"))):
        game.bad(e["seq"], "the inputs document names another turn or phase than the event")
    commit = game.commits.get(game.seed_no, ("", 0))[1]
    if game.mode == "fair" and first_order and first_order < commit and resumed is None:
        game.bad(e["seq"], f"orders at seq {first_order} were accepted before seed {game.seed_no} was committed")
    return inputs_hash(doc)


def on_seed(game: Game, e: dict[str, Any], p: dict[str, Any]) -> None:
    if e["type"] == "SeedCommitted":
        if game.mode != "fair":
            game.bad(e["seq"], "a seed committed in a manual-dice game")
        if p["seed_no"] != game.seed_no + 1:
            game.bad(e["seq"], f"seed {p['seed_no']} committed after seed {game.seed_no} (numbers run 1, 2, 3, ...)")
        elif game.seed_no and game.seed_no not in game.reveals:
            game.bad(e["seq"], f"seed {p['seed_no']} committed before seed {game.seed_no} was revealed")
        game.commits[p["seed_no"]] = (p["commitment"], e["seq"])
        game.seed_no = p["seed_no"]
        return
    no = p["seed_no"]
    if no not in game.commits or no in game.reveals:
        game.bad(e["seq"], f"seed {no} revealed {'twice' if no in game.reveals else 'but never committed'}")
        return
    if sha256_hex(bytes.fromhex(p["seed"])) != game.commits[no][0]:
        game.bad(e["seq"], f"seed {no} does not match its commitment (seq {game.commits[no][1]})")
    game.reveals[no] = p["seed"]


def on_die(game: Game, e: dict[str, Any], p: dict[str, Any]) -> None:
    sides, value = p.get("sides"), p.get("value")
    if not isinstance(sides, int) or not MIN_SIDES <= sides <= MAX_SIDES:
        game.bad(e["seq"], f"a d{sides}: dice have {MIN_SIDES} to {MAX_SIDES} sides")
    elif not isinstance(value, int) or not 1 <= value <= sides:
        game.bad(e["seq"], f"value {value} is not a face of a d{sides}")
    if game.ended_at:
        game.bad(e["seq"], f"a die rolled after the game ended at seq {game.ended_at}")
    if p.get("mode") != game.mode:
        game.bad(e["seq"], f"a {p.get('mode')} die in a {game.mode}-dice game")
    elif game.mode == "fair":
        no, n = p["seed_no"], p["n"]
        if no != game.seed_no or no in game.reveals:
            game.bad(e["seq"], f"rolled on seed {no}, but the seed in use is {game.seed_no} and must be unrevealed")
        want = game.last_n.get(no, 0) + 1
        if n != want:
            game.bad(e["seq"], f"roll number {n} on seed {no}: expected {want} ({'gap' if n > want else 'reuse'})")
        game.last_n[no] = max(n, game.last_n.get(no, 0))
        if p.get("binding") not in (1, 2) or (p.get("binding") == 1 and (game.new_binding or e["schema"] != 1)):
            game.bad(e["seq"], f"binding {p.get('binding')} is not allowed here")
    game.batch.append(e)


def v1_inputs(game: Game) -> str:
    """The old binding: the first decision request's inputs_hash, else the event before the batch."""
    request = first_request(game)
    if request is not None:
        return str(request["payload"]["inputs_hash"])
    first = game.batch[0]["seq"]
    before = [e for e in game.events if e["seq"] < first]
    return str(before[-1]["hash"]) if before else ""


def on_resolved(game: Game, e: dict[str, Any], p: dict[str, Any]) -> None:
    if game.ended_at:
        game.bad(e["seq"], f"a resolution after the game ended at seq {game.ended_at}")
    if p.get("dice") != len(game.batch):
        game.bad(e["seq"], f"says {p.get('dice')} dice, but {len(game.batch)} were logged with it")
    bound = check_inputs(game, e, p)
    request = first_request(game, bound=True)
    if request is not None and game.batch and game.mode == "fair":
        if game.batch[0]["payload"].get("n") != request["payload"]["next_n"]:
            game.bad(e["seq"], "the re-resolution does not start at the roll number its decision request gave")
    old = v1_inputs(game) if game.batch else ""
    if game.batch and game.mode == "fair":
        game.turns.append((e["seq"], p.get("turn", 0), game.seed_no))
    for die in game.batch:
        finish_die(game, die, upcast(die), bound, old)
    game.batch = []
    game.resolved_at = game.opened_at = e["seq"]


def finish_die(game: Game, e: dict[str, Any], p: dict[str, Any], bound: str | None, old: str) -> None:
    row = {"stream": game.stream, "seq": e["seq"], "sides": p["sides"], "value": p["value"], "purpose": p["purpose"]}
    game.rows.append(row)
    if p["mode"] != "fair":
        row["status"] = "manual"
        return
    row["seed_no"], binding = p["seed_no"], p.get("binding", 2)
    want = bound if binding == 2 else old
    if p["inputs_hash"] != want:
        row["status"] = "BAD: inputs_hash is not the hash of this resolution's inputs"
        game.bad(e["seq"], row["status"][5:])
        return
    row["status"] = "pending"  # re-derived at the end, once every reveal has been read


def derive_rows(game: Game) -> None:
    """Re-derive every die whose seed is now public (reveals come after the dice they cover)."""
    for row in game.rows:
        if row.get("status") != "pending":
            continue
        e = next(x for x in game.events if x["seq"] == row["seq"])
        p = upcast(e)
        if p["seed_no"] not in game.reveals:
            row["status"] = "unrevealed"
            continue
        seed = bytes.fromhex(game.reveals[p["seed_no"]])
        got = face(seed, game.stream, p["n"], p["sides"], p["inputs_hash"], p.get("binding", 2))
        if got == p["value"]:
            row["status"] = "ok" if p.get("binding", 2) == 2 else "ok (old binding)"
        else:
            row["status"] = f"BAD: derives {got}"
            game.bad(e["seq"], f"the die does not re-derive from its seed (derives {got}, logged {p['value']})")


def expected_void(game: Game, e: dict[str, Any], p: dict[str, Any]) -> list[int]:
    """The seqs a correction must void: the named inputs and every later input and result; and the
    whole phase of the first one if an order standing in it was accepted before the commitment of
    the seed that will roll on it (the current one, or the fresh one a revealed seed needs)."""
    named = sorted(p.get("named") or [])
    start = max((x["seq"] for x in game.since(0) if x["type"] == "PhaseResolved" and x["seq"] < named[0]), default=0)
    fresh = game.seed_no in game.reveals
    committed = game.commits.get(game.seed_no, ("", 0))[1]
    standing = [x["seq"] for x in game.since(start) if x["seq"] < named[0] and x["type"] == "OrdersSubmitted"]
    whole = game.mode == "fair" and any(fresh or s < committed for s in standing)
    origin = start if whole else named[0] - 1
    return sorted(set(named) | {x["seq"] for x in game.since(origin) if x["seq"] < e["seq"] and x["type"] in FOLLOWS})


def on_void(game: Game, e: dict[str, Any], p: dict[str, Any]) -> None:
    named = p.get("named") or []
    types = {x["seq"]: x["type"] for x in game.events}
    if not named or any(types.get(s) not in VOIDABLE or s in game.voided for s in named):
        game.bad(e["seq"], "a correction must name inputs of this game that are not voided yet")
    elif sorted(p.get("seqs") or []) != expected_void(game, e, p):
        game.bad(e["seq"], "the correction does not void exactly its inputs' phase and what followed")
    game.voided.update(p.get("seqs") or [])
    game.resolved_at = max(
        (x["seq"] for x in game.since(0) if x["type"] == "PhaseResolved" and x["seq"] < e["seq"]), default=0
    )
    game.opened_at = e["seq"]


def on_event(game: Game, e: dict[str, Any]) -> None:
    p, kind = upcast(e), e["type"]
    if game.batch and kind not in ("DiceRolled", "PhaseResolved"):
        game.bad(e["seq"], f"{len(game.batch)} dice before it belong to no resolution")
        game.batch = []
    if kind == "GameCreated":
        game.mode = p.get("dice", "fair")
    elif kind in ("SeedCommitted", "SeedRevealed"):
        on_seed(game, e, p)
    elif kind == "DiceRolled":
        on_die(game, e, p)
    elif kind == "PhaseResolved":
        on_resolved(game, e, p)
    elif kind == "DecisionRequested" and first_request(game) is None:
        check_inputs(game, e, p)
        if game.mode == "fair" and p.get("next_n") != game.last_n.get(game.seed_no, 0) + 1:
            game.bad(e["seq"], f"next_n {p.get('next_n')} is not the next unused roll number on seed {game.seed_no}")
    elif kind == "OrdersSubmitted" and sha256_hex(str(p.get("canonical")).encode("utf-8")) != p.get("orders_hash"):
        game.bad(e["seq"], "orders_hash is not the SHA-256 of the canonical orders text")
    elif kind == "OrdersSubmitted" and not sealed_reveal_ok(p):
        game.bad(e["seq"], "the revealed sealed orders and salt do not give the commitment sealed with them")
    elif kind == "EventsVoided":
        on_void(game, e, p)
    elif kind == "GameEnded":
        game.ended_at = game.ended_at or e["seq"]
    game.events.append(e)


def check_turn_seeds(game: Game) -> None:
    """A seed rolls for one game turn only (it is revealed when that turn closes); voided resolutions aside."""
    turn_of: dict[int, int] = {}
    for seq, turn, seed in game.turns:
        if seq in game.voided:
            continue
        if turn_of.setdefault(seed, turn) != turn:
            game.bad(
                seq, f"seed {seed} rolls for turns {turn_of[seed]} and {turn}: it was not revealed when its turn closed"
            )


def finish(game: Game) -> None:
    if game.batch:
        game.bad(game.batch[-1]["seq"], "dice at the end of the log belong to no resolution")
    check_turn_seeds(game)
    derive_rows(game)
    if game.ended_at and game.mode == "fair":
        for no, (_, at) in sorted(game.commits.items()):
            if no not in game.reveals:
                waiting = sum(r.get("seed_no") == no for r in game.rows)
                game.bad(
                    game.ended_at,
                    f"the game is over but seed {no} (committed at seq {at}) was never revealed:"
                    f" {waiting} dice cannot be checked",
                )


def check_dice(events: Iterable[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """Walk every game stream; one row per die and every broken rule, in log order."""
    games: dict[str, Game] = {}
    for e in events:
        if "link" in e or not str(e.get("stream", "")).startswith("game:"):
            continue
        on_event(games.setdefault(e["stream"], Game(e["stream"])), e)
    rows: list[dict[str, Any]] = []
    problems: list[str] = []
    for game in games.values():
        finish(game)
        rows += game.rows
        problems += game.problems
    return rows, problems


# --- the command -------------------------------------------------------------------------------


def load(lines: Iterable[str]) -> list[dict[str, Any]]:
    """Events and links of an export or bundle, in file order (the header and secrets are skipped)."""
    out = []
    for number, line in enumerate(lines, start=1):
        if line.strip():
            try:
                data = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"line {number}: not JSON ({exc.msg}, column {exc.colno})") from None
            if isinstance(data, dict) and ("seq" in data or "link" in data):
                out.append(data)
    return out


USAGE = "usage: python3 verify_dice.py [events.jsonl] [--receipt HASH ...] [--receipts FILE ...]"


def parse_args(argv: list[str]) -> tuple[list[dict[str, Any]], list[str]]:
    """(entries, receipts) from the command line; OSError or ValueError for what cannot be read."""
    args, receipts, source = list(argv), [], None
    while args:
        arg = args.pop(0)
        if arg in ("--receipt", "--receipts") and not args:
            raise ValueError(f"{arg} needs a value")
        if arg == "--receipt":
            receipts.append(args.pop(0).strip().lower())
        elif arg == "--receipts":
            with open(args.pop(0), encoding="utf-8", errors="replace") as f:
                receipts += read_receipts(f.read())
        elif arg.startswith("-") or source is not None:
            raise ValueError(f"unexpected argument {arg!r}")
        else:
            source = arg
    if source is None:
        return load(sys.stdin), receipts
    with open(source, encoding="utf-8") as f:
        return load(f), receipts


def main(argv: list[str]) -> int:
    try:
        entries, receipts = parse_args(argv)
    except (OSError, ValueError) as exc:  # a file that cannot be read, or is not JSON Lines
        print(f"{exc}\n{USAGE}", file=sys.stderr)
        return 2
    try:
        return report(entries, receipts)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:  # a record without a field it must have
        print(f"FAIL the log is malformed: {exc!r}")
        return 1


def report(entries: list[dict[str, Any]], receipts: list[str]) -> int:
    """Print what the checks found; 0 if nothing is wrong."""
    chain = check_chain(entries)
    problems = [f"hash chain broken at {chain.problem}"] if chain.problem else []
    print(f"chain: {chain.count} events ({chain.links} opaque links of other games), head {chain.head}")
    for r, seq in check_receipts(chain, receipts):
        print(f"receipt {r}: " + (f"chain head after seq {seq}" if seq else "NOT in this log"))
        if seq is None:
            problems.append(f"receipt {r} is not a chain head of this log (rewritten or truncated)")
    rows, dice_problems = check_dice(entries)
    problems += dice_problems
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["status"].split(":")[0]] = counts.get(row["status"].split(":")[0], 0) + 1
    print("dice: " + (", ".join(f"{v} {k}" for k, v in sorted(counts.items())) or "none"))
    for p in problems:
        print(f"FAIL {p}")
    print("ok" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
