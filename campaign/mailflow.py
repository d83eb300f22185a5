"""The play-by-email loop: inbound mail becomes events, and every change goes out as mail.

One inbound message is one transaction: its events and the record that it was processed
(by Message-ID) are written together, so a message is acted on exactly once even with two
ingesters at work, and a Maildir message moves to cur/ only after that commit. Replies and
digests are queued in a Maildir outbox afterwards, each under a Message-ID derived from what
it answers, so a run interrupted by a crash re-queues nothing twice and loses nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from campaign import eventdata as ed
from campaign.eventlog import ConflictError, DuplicateMessage, InboxRow, NewEvent, seal
from campaign.events import CAMPAIGN_STREAM, MAIL_STREAM, EventType
from campaign.mail.ledger import Unchecked
from campaign.mail.refusal import Refusal, _error
from campaign.replay import GameState, apply_event, engine_id
from campaign.ruleset import OrderError, OrdersRejected
from campaign.service import Campaign, UserError, orders_hash

if TYPE_CHECKING:
    from campaign.mail.queue import DigestsQueued

MAX_RETRIES = 8
DEFAULT_SENDER = "Campaign referee <referee@campaign.invalid>"


@dataclass(frozen=True, slots=True)
class MailSettings:
    """Where mail goes, who it is from, and whose authentication verdicts count."""

    outbox: Path
    sender: str = DEFAULT_SENDER
    referee: str | None = None
    """The referee's address, copied on every digest and told of lockouts and undeliverable mail."""
    trusted_authserv_ids: tuple[str, ...] = ()
    """The authserv-ids of the referee's own receiving server: only its Authentication-Results count
    (added to those recorded with `campaign mail trust`)."""
    unchecked: Unchecked | None = None
    """What mail without a trusted verdict gets; None: the campaign's setting, else refuse."""


class MailOutcome(StrEnum):
    """What became of one inbound message."""

    ACCEPTED = "accepted"
    REFUSED = "refused"
    DUPLICATE = "duplicate"
    """Seen before with the same content: its reply was sent again."""


@dataclass
class MailResult:
    """What became of one inbound message."""

    message_id: str
    sender: str
    outcome: MailOutcome
    game: int | None = None
    codes: list[str] = field(default_factory=list)
    reply: str = ""
    seq: int | None = None
    replied_to: str = ""
    """Where the reply went ('' when none was sent)."""
    unanswered: str = ""
    """Why no reply was sent ('' when one was)."""
    raw_sha256: str = ""

    def as_json(self) -> dict[str, Any]:
        """One line of `campaign mail ingest --json`."""
        return {
            "message_id": self.message_id,
            "sender": self.sender,
            "outcome": self.outcome.value,
            "game": self.game,
            "codes": self.codes,
            "seq": self.seq,
            "replied_to": self.replied_to,
            "unanswered": self.unanswered,
            "raw_sha256": self.raw_sha256,
        }


def content_hash(raw: bytes) -> str:
    """SHA-256 of the message with line ends normalised (Maildir, mbox and IMAP agree on it)."""
    return hashlib.sha256(raw.replace(b"\r\n", b"\n")).hexdigest()


@dataclass
class _Inbound:
    """One message being handled: the parsed mail, its provenance and the effective settings."""

    mail: Any
    digest: str
    received: str
    settings: MailSettings
    trusted: tuple[str, ...]
    unchecked: Unchecked
    verdict: str = "unchecked"
    player: str | None = None

    def provenance(self) -> dict[str, Any]:
        """What the mail-stream event keeps about the message [issue 11.5]."""
        return {
            "message_id": self.mail.message_id,
            "date": self.mail.date,
            "raw_sha256": self.digest,
            "auth": self.verdict,
            "received": self.received,
            "sender": self.mail.sender or "",
        }


# --- inbound -----------------------------------------------------------------------------------


def handle_message(camp: Campaign, raw: bytes, settings: MailSettings) -> MailResult:
    """Act on one inbound message and queue its reply; never raises for anything in the mail."""
    from campaign.mail.parse import parse_message

    inb = _inbound(camp, parse_message(raw), content_hash(raw), settings)
    mail = inb.mail
    known = camp.store.inbox_get(mail.message_id)
    if known is not None:
        return _seen_before(camp, inb, known)
    for _ in range(MAX_RETRIES):
        try:
            result = _act(camp, inb)
        except ConflictError:
            continue
        except DuplicateMessage as dup:  # another ingester got there first
            return _seen_before(camp, inb, InboxRow(dup.message_id, dup.content, dup.outcome))
        break
    else:
        result = _refuse(camp, inb, Refusal([_error("E-BUSY", "the game was too busy; send it again")]))
    return result


def _inbound(camp: Campaign, mail: Any, digest: str, settings: MailSettings) -> _Inbound:
    from campaign.mail.ledger import ledger

    trust = ledger(camp.store).trust
    trusted = tuple(sorted({*trust.authserv_ids, *(t.strip().lower() for t in settings.trusted_authserv_ids)}))
    unchecked = settings.unchecked or trust.unchecked or Unchecked.REFUSE
    by_email = {p.email.lower(): p.name for p in camp.players().values()}
    player = by_email.get((mail.sender or "").lower())
    return _Inbound(mail, digest, camp.store.clock(), settings, trusted, unchecked, player=player)


def _seen_before(camp: Campaign, inb: _Inbound, row: InboxRow) -> MailResult:
    mail = inb.mail
    outcome = json.loads(row.outcome)
    if row.content == inb.digest:
        # the same message again (a re-read mailbox, a crash before confirm): re-queue its reply, nothing else
        to = outcome.get("reply_to", "")
        if to:
            _queue_reply(camp, inb.settings, mail, to, outcome["subject"], outcome["reply"])
        return MailResult(
            mail.message_id,
            mail.sender,
            MailOutcome.DUPLICATE,
            outcome.get("game"),
            reply=outcome["reply"],
            replied_to=to,
        )
    refusal = Refusal(
        [
            _error(
                "E-REPLAYED",
                f"a different message with the same Message-ID {mail.message_id} was already processed",
                "send your orders in a new mail (your mail program gives each mail its own Message-ID)",
            )
        ]
    )
    return _refuse(camp, inb, refusal, record_inbox=False)


def _act(camp: Campaign, inb: _Inbound) -> MailResult:
    mail = inb.mail
    try:
        player, env = _authenticate(camp, inb)
        gs = camp.load(env.signon.game)
        plan = _plan(camp, gs, player, env, inb)
    except Refusal as refusal:
        return _refuse(camp, inb, refusal)
    except UserError as exc:
        return _refuse(camp, inb, Refusal([_error("E-NOT-NOW", str(exc))], env_game(mail), player=inb.player))
    reply = _accepted_reply(camp, gs, player, plan, inb)
    what = "your orders were checked (nothing filed)" if plan.check else "your mail was accepted"
    subject = f"Game {gs.number}: {what}"
    to, unanswered = _reply_target(camp, inb, player)
    accepted = MailOutcome.ACCEPTED.value
    outcome = {"result": accepted, "game": gs.number, "player": player, "subject": subject, "reply": reply}
    outcome["reply_to"] = to
    expected = {gs.stream: gs.version}
    if any(e.stream == CAMPAIGN_STREAM for e in plan.events):
        expected[CAMPAIGN_STREAM] = camp.store.version(CAMPAIGN_STREAM)
    record = ed.MessageAccepted(**inb.provenance(), player=player, game=gs.number, reply_to=to, unanswered=unanswered)
    events = [*plan.events, record.new_event(MAIL_STREAM, actor="mail")]
    sealed = camp.store.append(
        events,
        expected=expected,
        engine=engine_id(gs.ruleset),
        inbox=InboxRow(mail.message_id, inb.digest, json.dumps(outcome, sort_keys=True)),
    )
    head = sealed[-1].hash
    reply = reply.replace("{chain_head}", head)
    outcome["reply"] = reply
    camp.store.inbox_set_outcome(mail.message_id, json.dumps(outcome, sort_keys=True))
    if to:
        _queue_reply(camp, inb.settings, mail, to, subject, reply)
    if plan.resolve:
        camp.advance(gs.number)
    return MailResult(
        mail.message_id,
        mail.sender,
        MailOutcome.ACCEPTED,
        gs.number,
        reply=reply,
        seq=sealed[0].seq if sealed else None,
        replied_to=to,
        unanswered=unanswered,
        raw_sha256=inb.digest,
    )


def env_game(mail: Any) -> int | None:
    try:
        from campaign.mail.envelope import parse_envelope

        env = parse_envelope(mail.text)
        return env.signon.game if env.signon else None
    except Exception:  # only used to label a refusal
        return None


def _reply_target(camp: Campaign, inb: _Inbound, player: str | None, silent: str = "") -> tuple[str, str]:
    """(address to answer, '') or ('', why not): only a player's address on file, never a stranger [RFC 3834]."""
    from campaign.mail.ledger import REPLIES_PER_HOUR, ledger

    if player is None:
        return "", "the sender is not a player (strangers get no reply)"
    if inb.mail.automated:
        return "", f"not answered because {inb.mail.automated}"
    if silent:
        return "", silent
    address = camp.players()[player].email
    if ledger(camp.store).replies_in_hour(address, _now(camp)) >= REPLIES_PER_HOUR:
        return "", f"over {REPLIES_PER_HOUR} replies to {address} in the last hour"
    return address, ""


def _authenticate(camp: Campaign, inb: _Inbound) -> tuple[str, Any]:
    """The player the mail is from and its envelope, or a Refusal; the checks run in a fixed order."""
    from campaign.mail.envelope import parse_envelope

    mail = inb.mail
    player = inb.player
    _check_sender(mail, player, inb)
    assert player is not None
    _check_limits(mail, player)
    _check_auth(mail, player, inb)
    from campaign.mail.guard import check_lockout, check_password

    check_lockout(camp, player)
    env = parse_envelope(mail.text)
    if env.errors or env.signon is None:
        raise Refusal(list(env.errors), env.signon.game if env.signon else None, player=player)
    check_password(camp, inb.settings, player, env.signon)
    return player, env


def _check_sender(mail: Any, player: str | None, inb: _Inbound) -> None:
    if player is None:
        raise Refusal(
            [
                _error(
                    "E-NOT-A-PLAYER",
                    f"{mail.sender or 'this address'} is not the address of a player of this campaign",
                    "write from the address the referee registered for you",
                )
            ]
        )
    if mail.automated:
        raise Refusal([_error("E-AUTOMATED", f"this mail is not acted on because {mail.automated}")], player=player)


def _check_limits(mail: Any, player: str) -> None:
    fatal = mail.fatal
    if fatal:
        raise Refusal(
            [
                _error(
                    "E-TOO-BIG",
                    f"{fatal[0].message}; the whole mail was refused so no orders are half-applied",
                    "send the orders alone in a plain-text mail",
                )
            ],
            player=player,
        )


def _check_auth(mail: Any, player: str, inb: _Inbound) -> None:
    from campaign.mail.auth import Verdict, judge

    decision = judge(mail.sender, mail.auth, trusted_authserv_ids=inb.trusted)
    inb.verdict = f"{decision.verdict.value}: {decision.reason}"
    if decision.refused:
        raise Refusal(
            [
                _error(
                    "E-AUTH-FAILED",
                    f"your mail server's checks failed for {mail.sender}: {decision.reason}",
                    "this mail may be forged; send from your usual mail account",
                )
            ],
            player=player,
        )
    if decision.verdict is not Verdict.PASS:
        inb.verdict = f"unchecked: {decision.reason}"
        if inb.unchecked is Unchecked.REFUSE:
            raise Refusal(
                [
                    _error(
                        "E-AUTH-UNCHECKED",
                        "the referee's mail server could not confirm that this mail comes from"
                        f" {mail.sender} ({decision.reason})",
                        "send from your usual mail account; if that fails, ask the referee",
                    )
                ],
                player=player,
            )


@dataclass
class _Plan:
    events: list[NewEvent] = field(default_factory=list)
    resolve: bool = False
    done: list[str] = field(default_factory=list)
    receipt: dict[str, Any] | None = None
    extras: list[str] = field(default_factory=list)
    png: bytes | None = None
    check: str | None = None
    """The CHECK report: the mail's orders were checked, not filed."""


HOLD_TIP = (
    "your orders completed the phase, so it resolved at once. To see what the rules understood before"
    " the dice are rolled, send the orders with CHECK first (nothing is filed), or add WAIT to hold the"
    " phase until its deadline and send NOWAIT when you are sure"
)


AT_DEADLINE_NOTE = (
    "every side's orders are in; this game resolves at the deadline, so you may still change your orders until then"
)


def _legal_hints(gs: GameState, player: str, text: str, errors: tuple[OrderError, ...]) -> list[str]:
    """For each unit named on a refused line, the order lines legal for it now (empty if none known)."""
    from campaign.kit.check import legal_for_errors, safe_legal

    sides = gs.side_of(player)
    if len(sides) != 1:
        return []
    try:
        hints = legal_for_errors(errors, text, safe_legal(gs.ruleset, gs.state, sides[0]))
    except Exception:  # a hint must never turn a clear refusal into a crash of the mail loop
        return []
    return [f"legal now for unit {u}: " + "; ".join(orders or ("nothing",)) for u, orders in sorted(hints.items())]


def _check_block(gs: GameState, player: str, env: Any) -> str:
    """The CHECK report for the mail's orders, with the mail's own line numbers; writes nothing."""
    from dataclasses import replace

    from campaign.playerinfo import check, player_side

    report = check(gs, player_side(gs, player), env.orders.text)
    report = replace(report, errors=env.relocate(report.errors))
    return report.text()


def _read_only(camp: Campaign, gs: GameState, player: str, env: Any) -> list[str]:
    """The answers to UNITS, LEGAL and STATUS (each reads the game, none changes it)."""
    from campaign.mail.envelope import CommandKind
    from campaign.playerinfo import legal_answer, player_side, status_answer, units_answer

    out: list[str] = []
    sides = gs.side_of(player)
    side = sides[0] if sides else None
    for cmd in env.commands:
        if cmd.kind is CommandKind.UNITS:
            out.append(units_answer(gs, side).text())
        elif cmd.kind is CommandKind.LEGAL:
            try:
                out.append(legal_answer(gs, player_side(gs, player), cmd.args).text())
            except UserError as exc:
                out.append(f"LEGAL (line {cmd.line})\n  {exc}")
        elif cmd.kind is CommandKind.STATUS:
            out.append(status_answer(camp, gs, side).text())
    return out


def _plan(camp: Campaign, gs: GameState, player: str, env: Any, inb: _Inbound) -> _Plan:
    """Every event the mail asks for, checked in order against the state the earlier ones leave."""
    from campaign.mail.envelope import CommandKind

    plan = _Plan()
    work = gs
    errors: list[OrderError] = []
    legal: list[str] = []

    def take(events: list[NewEvent], note: str) -> None:
        nonlocal work
        plan.events.extend(e for e in events)
        plan.done.append(note)
        work = _preview(work, [e for e in events if e.stream == gs.stream])

    try:
        if env.has(CommandKind.WITHDRAW):
            take(camp.plan_withdraw(work, player), "withdrew the orders on file")
        for cmd in env.commands:
            if cmd.kind is CommandKind.WAIT:
                take(camp.plan_wait(work, player, True), "WAIT: the phase will wait for its deadline")
            elif cmd.kind is CommandKind.NOWAIT:
                take(camp.plan_wait(work, player, False), "NOWAIT: the phase resolves once everyone is in")
                plan.resolve = True
            elif cmd.kind is CommandKind.ABSENCE:
                start, end = cmd.period
                plan.events.extend(camp.plan_absence(player, start.isoformat(), end.isoformat()))
                plan.done.append(f"absence noted from {start} to {end}")
            elif cmd.kind is CommandKind.TZ:
                plan.events.extend(camp.plan_tz(player, cmd.args[0]))
                plan.done.append(f"deadlines will be shown in {cmd.args[0]} time")
            elif cmd.kind is CommandKind.PRESS:
                take(camp.plan_press(work, player, cmd.recipient, cmd.body), f"press sent to {cmd.recipient}")
        if env.orders and env.has(CommandKind.CHECK):
            plan.check = _check_block(gs, player, env)
        elif env.orders:
            try:
                via = {"mail": inb.mail.message_id, "raw_sha256": inb.digest}
                event, accepted = camp.plan_orders(work, player, env.orders.text, via=via)
            except OrdersRejected as exc:
                errors.extend(env.relocate(exc.errors))
                legal = _legal_hints(work, player, env.orders.text, exc.errors)
            else:
                take([event], f"orders filed for {accepted.side} ({accepted.key})")
                plan.resolve = True
                plan.receipt = {
                    "canonical": accepted.canonical,
                    "hash": orders_hash(accepted.canonical),
                    "side": accepted.side,
                    "key": accepted.key,
                }
                if not env.has(CommandKind.WAIT) and work.ruleset.ready(work.state) and not work.waits:
                    plan.done.append(HOLD_TIP if not camp.holds_for_deadline(work) else AT_DEADLINE_NOTE)
        if env.has(CommandKind.RESIGN):
            take(camp.plan_resign(work, player), "you resigned")
    except UserError as exc:
        errors.append(_error("E-NOT-NOW", str(exc)))
    if errors:
        refusal = Refusal(errors, gs.number)
        refusal.legal = legal
        raise refusal
    _add_answers(camp, gs, player, env, plan)
    return plan


def _add_answers(camp: Campaign, gs: GameState, player: str, env: Any, plan: _Plan) -> None:
    """The read-only answers the mail asked for (HISTORY, CHECK, UNITS, LEGAL, STATUS, MAP); a mail that
    asks for nothing at all is refused."""
    from campaign.mail.envelope import CommandKind

    if env.has(CommandKind.HISTORY):
        plan.extras.append(_history(camp, gs))
    plan.extras += _read_only(camp, gs, player, env)
    if env.has(CommandKind.MAP):
        side = next(iter(gs.side_of(player)), None)
        plan.extras.append("THE BOARD NOW\n" + gs.ruleset.render_text(gs.state, side))
        from campaign.digest import board_picture

        plan.png = board_picture(gs, side, f"Game {gs.number}, turn {gs.turn}")[1]
    if not plan.events and not plan.extras and plan.check is None:
        raise Refusal(
            [
                _error(
                    "E-NOTHING",
                    "the mail holds a SIGNON line but no orders or commands",
                    "put your orders below the SIGNON line",
                )
            ],
            gs.number,
        )


def _preview(gs: GameState, events: list[NewEvent]) -> GameState:
    """The state after `events`, on a copy (they are sealed with made-up positions, never stored)."""
    if not events:
        return gs
    copy = GameState.load(gs.dump())
    for ev in seal(events, copy.seq, copy.head_hash or "0" * 64, {copy.stream: copy.version}, "preview", ""):
        copy = apply_event(copy, ev, check=False)
    return copy


def _history(camp: Campaign, gs: GameState) -> str:
    from campaign.digest import collect

    _, stories, notices, _ = collect(camp, gs.stream, 0, gs.seq)
    lines = ["HISTORY"]
    for s in stories:
        lines.append(f"Turn {s.turn}, {s.phase} (event {s.seq}):")
        lines += [f"  {line}" for line in s.narrative]
    for n in notices:
        if n.kind != "press":
            lines.append(f"* {n.text}")
    return "\n".join(lines)


def _accepted_reply(camp: Campaign, gs: GameState, player: str, plan: _Plan, inb: _Inbound) -> str:
    from campaign.templating import render

    return render(
        "reply_accepted.txt.j2",
        player=player,
        game=gs.number,
        done=plan.done,
        receipt=plan.receipt,
        check=plan.check,
        extras=plan.extras,
        notes=[str(p) for p in inb.mail.problems],
        raw_sha256=inb.digest,
        chain_head="{chain_head}",
    )


def _refuse(camp: Campaign, inb: _Inbound, refusal: Refusal, *, record_inbox: bool = True) -> MailResult:
    """Record the refusal with the mail's provenance, and answer it when the reply policy allows."""
    from campaign.templating import render

    mail = inb.mail
    player = refusal.player or inb.player
    reply = render(
        "reply_refused.txt.j2",
        errors=refusal.errors,
        legal=refusal.legal,
        game=refusal.game,
        notes=[str(p) for p in mail.problems],
        raw_sha256=inb.digest,
    )
    subject = f"Game {refusal.game}: your mail was refused" if refusal.game else "Your mail to the referee was refused"
    codes = sorted({e.code for e in refusal.errors})
    to, unanswered = _reply_target(camp, inb, player, refusal.silent)
    refused = MailOutcome.REFUSED.value
    outcome = {"result": refused, "game": refusal.game, "subject": subject, "reply": reply, "reply_to": to}
    record = ed.MessageRefused(
        **inb.provenance(),
        codes=codes,
        game=refusal.game,
        reply_to=to,
        unanswered=unanswered,
        player=player or None,
        locked_until=refusal.locked_until or None,
    )
    event = record.new_event(MAIL_STREAM, actor="mail")
    inbox = InboxRow(mail.message_id, inb.digest, json.dumps(outcome, sort_keys=True)) if record_inbox else None
    try:
        sealed = camp.store.append([event], inbox=inbox)
    except DuplicateMessage as dup:
        return _seen_before(camp, inb, InboxRow(dup.message_id, dup.content, dup.outcome))
    if to:
        extra = "" if record_inbox else f"/{inb.digest[:16]}"
        _queue_reply(camp, inb.settings, mail, to, subject, reply, token_extra=extra)
    if refusal.locked_until and player:
        _notify_referee(
            camp,
            inb.settings,
            f"lockout/{player}/{refusal.locked_until}",
            f"[campaign] mail for {player} locked after wrong passwords",
            f"{player}'s order mail is refused unchecked until {refusal.locked_until}: the last mail"
            f" ({mail.message_id}, from {mail.sender or 'no address'}) was the fifth wrong password within an hour.\n"
            f"If {player} lost the password: campaign referee password {player}\n",
        )
    return MailResult(
        mail.message_id,
        mail.sender,
        MailOutcome.REFUSED,
        refusal.game,
        codes,
        reply,
        sealed[0].seq,
        replied_to=to,
        unanswered=unanswered,
        raw_sha256=inb.digest,
    )


# --- outbound ----------------------------------------------------------------------------------


def _now(camp: Campaign) -> datetime:
    from campaign.deadlines import parse_time

    return parse_time(camp.store.clock())


def _queue_reply(
    camp: Campaign, settings: MailSettings, mail: Any, to: str, subject: str, reply: str, token_extra: str = ""
) -> None:
    """Queue the answer to `mail`, to `to` (a player's address on file), under our own subject."""
    from campaign.mail.outbox import OutgoingMail, build_message, queue_message

    out = OutgoingMail(
        sender=settings.sender,
        to=(to,),
        subject=subject,
        text=reply,
        date=_now(camp),
        token=f"reply/{mail.message_id}{token_extra}",
        in_reply_to=mail.message_id,
        references=tuple(mail.references),
        auto_submitted="auto-replied",
    )
    queue_message(settings.outbox, build_message(out))


def _notify_referee(camp: Campaign, settings: MailSettings, token: str, subject: str, text: str) -> None:
    """Queue a notice to the referee (nothing when no referee address is set)."""
    from campaign.mail.outbox import OutgoingMail, build_message, queue_message

    if not settings.referee:
        return
    out = OutgoingMail(
        sender=settings.sender, to=(settings.referee,), subject=subject, text=text, date=_now(camp), token=token
    )
    queue_message(settings.outbox, build_message(out))


def record_failures(camp: Campaign, settings: MailSettings, dead: Any) -> None:
    """Log mail given up for good (MailUndeliverable) and tell the referee, one line each."""
    events = [
        ed.MailUndeliverable(message_id=f.message_id, to=list(f.to), error=f.error, file=f.file).new_event(
            MAIL_STREAM, actor="mail"
        )
        for f in dead
    ]
    camp.store.append(events)
    lines = [f"* {f.message_id} to {', '.join(f.to) or '(nobody)'}: {f.error}" for f in dead]
    referee = (settings.referee or "").lower()
    if referee and all(referee in (t.lower() for t in f.to) for f in dead):
        return  # only mail to the referee failed: a notice would fail the same way
    _notify_referee(
        camp,
        settings,
        "undeliverable/" + ",".join(sorted(f.message_id for f in dead)),
        f"[campaign] {len(dead)} mail(s) could not be delivered",
        "These mails were refused for good by the mail server and moved to outbox/failed:\n"
        + "\n".join(lines)
        + "\n\nFix the address (campaign player list) and re-send by hand if needed; `campaign mail queue`"
        " lists them.\n",
    )


def ingest(
    camp: Campaign,
    source: str,
    settings: MailSettings,
    *,
    progress: Callable[[MailResult], None] | None = None,
) -> list[MailResult]:
    """Process every unread message of a Maildir, mbox, .eml or imap:// source, then send digests."""
    from campaign.mail.sources import open_source

    results: list[MailResult] = []
    camp.password_memo = {}  # one password check per player for this run, in memory only
    try:
        with open_source(source) as inbox:
            for item in inbox:
                result = handle_message(camp, item.raw, settings)
                item.confirm()  # only now: the message's transaction has committed
                results.append(result)
                if progress is not None:
                    progress(result)
    finally:
        camp.password_memo = None
    dispatch(camp, settings)
    return results


def _digest_marks(camp: Campaign) -> dict[tuple[int, str], int]:
    marks: dict[tuple[int, str], int] = {}
    for ev in camp.store.read_type(MAIL_STREAM, EventType.DIGEST_SENT.value):
        key = (ev.payload["game"], ev.payload["player"])
        marks[key] = max(marks.get(key, 0), ev.payload["upto"])
    return marks


NEWS = {
    EventType.GAME_CREATED,
    EventType.PHASE_RESOLVED,
    EventType.EVENTS_VOIDED,
    EventType.DEADLINE_PASSED,
    EventType.GAME_ENDED,
    EventType.PRESS_SENT,
    EventType.REMINDER_SENT,
    EventType.DECISION_REQUESTED,
    EventType.SIDE_REPLACED,
    EventType.DEADLINE_CHANGED,
}


def dispatch(camp: Campaign, settings: MailSettings) -> DigestsQueued:
    """Queue a digest for every player (and the referee) with news since their last one."""
    from campaign.digest import build_digest
    from campaign.mail.outbox import FileAttachment, InlineImage, OutgoingMail, build_message, queue_message
    from campaign.mail.queue import DigestsQueued
    from campaign.sheet import digest_sheet
    from campaign.templating import render

    marks = _digest_marks(camp)
    players = camp.players()
    queued: list[str] = []
    for stream in camp.games():
        number = int(stream.split(":")[1])
        head = camp.store.version(stream)
        if head == 0:
            continue
        events = list(camp.store.read(stream=stream))
        upto = events[-1].seq
        readers: list[tuple[str, str, str | None]] = []
        gs_sides = dict(events[0].payload["sides"])
        for side, who in sorted(gs_sides.items()):
            if who in players:
                readers.append((who, players[who].email, side))
        if settings.referee:
            readers.append(("referee", settings.referee, None))
        seen_players: set[str] = set()
        for who, email, side in readers:
            if who in seen_players:
                continue
            seen_players.add(who)
            since = marks.get((number, who), 0)
            news = [e for e in events if e.seq > since and e.type in NEWS and _concerns(e, gs_sides, who, side)]
            if not news:
                continue
            d = build_digest(camp, number, who if who != "referee" else "referee", since, upto_seq=upto)
            sheet = digest_sheet(camp, d, settings.sender)
            text = render("digest.txt.j2", d=d)
            images = (InlineImage("board", d.png),) if d.png else ()
            html = render("digest.html.j2", d=d, board_cid="board")
            attachments = (FileAttachment("board.svg", d.svg.encode("utf-8"), "image/svg+xml"),) if d.svg else ()
            attachments += sheet
            msg = build_message(
                OutgoingMail(
                    sender=settings.sender,
                    to=(email,),
                    subject=d.subject,
                    text=text,
                    html=html,
                    inline_images=images,
                    attachments=attachments,
                    date=_now(camp),
                    token=f"digest/{stream}/{who}/{upto}",
                    headers=(("X-Campaign-Game", str(number)), ("X-Campaign-Chain-Head", d.chain_head)),
                )
            )
            queue_message(settings.outbox, msg)
            camp.store.append(
                [
                    ed.DigestSent(game=number, player=who, upto=upto, message_id=str(msg["Message-ID"])).new_event(
                        MAIL_STREAM, actor="mail"
                    )
                ]
            )
            queued.append(str(msg["Message-ID"]))
    return DigestsQueued(tuple(queued), str(settings.outbox))


def _concerns(ev: Any, sides: dict[str, str], who: str, side: str | None) -> bool:
    """Whether an event is news for this reader (press and reminders only for those they concern)."""
    if side is None:
        return True
    if ev.type == EventType.PRESS_SENT:
        return bool(ev.payload["to"] in ("all", side) or ev.payload["from"] == side)
    if ev.type in (EventType.REMINDER_SENT, EventType.DECISION_REQUESTED):
        return bool(ev.payload["side"] == side)
    return True
