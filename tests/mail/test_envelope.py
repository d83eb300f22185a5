"""The order mail's envelope: SIGNON, envelope commands, orders with their mail line numbers, every error."""

from __future__ import annotations

from datetime import date

import pytest

from campaign.mail.envelope import (
    Command,
    CommandKind,
    Envelope,
    EnvelopeCode,
    OrdersText,
    Signon,
    parse_envelope,
)
from campaign.mail.parse import parse_message
from campaign.ruleset import OrderError, OrdersRejected
from tests.mail.test_parse import corpus
from tests.toy import RULESET as RACE


def codes(env: Envelope) -> list[str]:
    return [e.code for e in env.errors]


def summary(env: Envelope) -> str:
    """A readable dump of an envelope for golden comparisons."""
    out = [f"signon: {env.signon!r}"]
    out += [f"command line {c.line}: {c.kind.value} {' '.join(c.args)}".rstrip() for c in env.commands]
    out += [f"  | {line}" for c in env.commands for line in c.body.splitlines()]
    out.append(f"orders (offset {env.orders.line_offset}): {env.orders.text!r}")
    out += [str(e) for e in env.errors]
    if env.signoff_line:
        out.append(f"signoff: line {env.signoff_line}")
    return "\n".join(out)


FULL_MAIL = """\

SIGNON alice@7 tiger-moth
move 3 0504 0505 face N
wait
ABSENCE 2025-07-01 2025-07-14
general 1 0605 0606
PRESS red
Shall we
  share the ford?
ENDPRESS
MAP
HISTORY
SIGNOFF
anything at all down here is ignored
PRESS nobody
"""

FULL_GOLDEN = """\
signon: Signon(player='alice', game=7, line=2)
command line 4: WAIT
command line 5: ABSENCE 2025-07-01 2025-07-14
command line 7: PRESS red
command line 11: MAP
command line 12: HISTORY
  | Shall we
  |   share the ford?
orders (offset 2): 'move 3 0504 0505 face N\\n\\n\\ngeneral 1 0605 0606'
signoff: line 13"""


def test_full_mail_golden() -> None:
    """Every kind of line in one mail, read in order; lines after SIGNOFF are ignored."""
    assert summary(parse_envelope(FULL_MAIL)) == FULL_GOLDEN


def test_orders_keep_their_mail_line_numbers() -> None:
    env = parse_envelope(FULL_MAIL)
    lines = env.orders.text.split("\n")
    assert lines[0] == "move 3 0504 0505 face N" and env.orders.mail_line(1) == 3
    assert lines[3] == "general 1 0605 0606" and env.orders.mail_line(4) == 6
    assert FULL_MAIL.split("\n")[6 - 1] == "general 1 0605 0606"


def test_signon_keyword_is_case_insensitive() -> None:
    env = parse_envelope("signon Bob@12 pw\nhold")
    assert env.ok and env.signon == Signon("Bob", 12, "pw", 1)


def test_player_names_may_contain_at_signs_the_game_follows_the_last_one() -> None:
    env = parse_envelope("SIGNON bob@home@3 pw")
    assert env.signon is not None and (env.signon.player, env.signon.game) == ("bob@home", 3)


def test_signon_repr_never_shows_the_password() -> None:
    env = parse_envelope("SIGNON alice@7 tiger-moth")
    assert "tiger-moth" not in repr(env) and env.signon is not None and env.signon.password == "tiger-moth"


def test_missing_signon_is_reported_at_the_first_line() -> None:
    env = parse_envelope("\n\nmove 3 0504\nhold\n")
    assert codes(env) == ["E-SIGNON-MISSING"]
    assert env.errors[0].line == 3 and env.signon is None
    assert "SIGNON alice@7 yourpassword" in env.errors[0].hint


def test_empty_text_is_missing_signon_for_the_whole_mail() -> None:
    env = parse_envelope("")
    assert codes(env) == ["E-SIGNON-MISSING"] and env.errors[0].line == 0


def test_signon_must_come_first() -> None:
    env = parse_envelope("Hi referee,\nSIGNON alice@7 pw\nhold")
    assert codes(env) == ["E-SIGNON-NOT-FIRST"]
    assert env.errors[0].line == 2 and "line 1" in env.errors[0].message
    assert env.orders.text == "hold" and env.orders.mail_line(1) == 3  # the greeting is not an order


@pytest.mark.parametrize(
    ("line", "code", "column"),
    [
        ("SIGNON", "E-SIGNON-FORMAT", 1),
        ("SIGNON alice@7", "E-SIGNON-FORMAT", 1),
        ("SIGNON alice@7 my password", "E-SIGNON-FORMAT", 19),
        ("SIGNON alice pw", "E-SIGNON-FORMAT", 8),
        ("SIGNON @7 pw", "E-SIGNON-FORMAT", 8),
        ("SIGNON alice@seven pw", "E-SIGNON-GAME", 14),
        ("SIGNON alice@0 pw", "E-SIGNON-GAME", 14),
        ("SIGNON alice@ pw", "E-SIGNON-GAME", 14),
    ],
)
def test_malformed_signon_lines(line: str, code: str, column: int) -> None:
    env = parse_envelope(line + "\nhold")
    assert codes(env) == [code] and env.errors[0].column == column and env.signon is None


def test_signon_errors_quote_the_line_with_the_password_masked() -> None:
    env = parse_envelope("SIGNON alice@x tiger-moth extra")
    assert {e.text for e in env.errors} == {"SIGNON alice@x ********** *****"}
    assert all("tiger" not in str(e) for e in env.errors)


def test_a_second_signon_is_refused() -> None:
    env = parse_envelope("SIGNON alice@7 pw\nhold\nSIGNON bob@7 pw2")
    assert codes(env) == ["E-SIGNON-REPEATED"] and env.errors[0].text == "SIGNON bob@7 ***"
    assert env.signon is not None and env.signon.player == "alice"


def test_game_number_may_be_written_with_a_hash() -> None:
    env = parse_envelope("SIGNON alice@#7 pw")
    assert env.ok and env.signon is not None and env.signon.game == 7


@pytest.mark.parametrize("word", ["WAIT", "wait", "Wait", "  WAIT  "])
def test_commands_are_recognised_in_any_case_and_indentation(word: str) -> None:
    env = parse_envelope(f"SIGNON a@1 p\n{word}")
    assert env.commands == (Command(CommandKind.WAIT, 2),) and not env.orders


@pytest.mark.parametrize("kind", ["WAIT", "NOWAIT", "HISTORY", "MAP", "RESIGN", "WITHDRAW", "SIGNOFF"])
def test_commands_without_arguments_refuse_them(kind: str) -> None:
    env = parse_envelope(f"SIGNON a@1 p\n{kind} please")
    assert codes(env) == ["E-COMMAND-ARGS"]
    assert env.errors[0].column == len(kind) + 2 and env.errors[0].text == f"{kind} please"


def test_wait_and_nowait_together_conflict() -> None:
    env = parse_envelope("SIGNON a@1 p\nNOWAIT\nhold\nWAIT")
    assert codes(env) == ["E-WAIT-CONFLICT"] and env.errors[0].line == 4


def test_absence_takes_two_iso_dates_inclusive() -> None:
    env = parse_envelope("SIGNON a@1 p\nABSENCE 2025-07-01 2025-07-14")
    (cmd,) = env.commands
    assert cmd.period == (date(2025, 7, 1), date(2025, 7, 14)) and cmd.args == ("2025-07-01", "2025-07-14")


def test_absence_of_one_day_has_the_same_first_and_last_day() -> None:
    assert parse_envelope("SIGNON a@1 p\nABSENCE 2025-07-01 2025-07-01").ok


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("ABSENCE 2025-07-01", [("E-ABSENCE-FORMAT", 1)]),
        ("ABSENCE", [("E-ABSENCE-FORMAT", 1)]),
        ("ABSENCE 2025-07-01 to 2025-07-14", [("E-ABSENCE-FORMAT", 23)]),
        ("ABSENCE 2025-02-30 2025-03-01", [("E-ABSENCE-DATE", 9)]),
        ("ABSENCE 1/7/2025 14/7/2025", [("E-ABSENCE-DATE", 9), ("E-ABSENCE-DATE", 18)]),
        ("ABSENCE 20250701 2025-07-14", [("E-ABSENCE-DATE", 9)]),
        ("ABSENCE 2025-07-14 2025-07-01", [("E-ABSENCE-RANGE", 20)]),
    ],
)
def test_absence_errors(line: str, found: list[tuple[str, int]]) -> None:
    env = parse_envelope(f"SIGNON a@1 p\n{line}")
    assert [(e.code, e.column) for e in env.errors] == found and not env.commands
    assert all("YYYY-MM-DD" in e.hint or e.code == "E-ABSENCE-RANGE" for e in env.errors)


def test_press_runs_to_endpress_and_its_lines_are_not_orders() -> None:
    env = parse_envelope("SIGNON a@1 p\nPRESS All\n\nMAP is not a command in here\nhold\n\nENDPRESS\nhold")
    (press,) = env.commands
    assert press.recipient == "all" and press.body == "MAP is not a command in here\nhold"
    assert env.orders == OrdersText("hold", 7)


def test_press_without_endpress_runs_to_the_end_of_the_mail() -> None:
    env = parse_envelope("SIGNON a@1 p\nhold\nPRESS red\nsee you at the ford")
    assert env.ok and env.commands[0].body == "see you at the ford" and env.orders.text == "hold"


def test_signoff_ends_a_press_block_and_the_mail() -> None:
    env = parse_envelope("SIGNON a@1 p\nPRESS red\nhello\nSIGNOFF\nhold")
    assert env.ok and env.commands[0].body == "hello" and env.signoff_line == 4 and not env.orders


def test_press_recipient_keeps_the_side_as_written() -> None:
    assert parse_envelope("SIGNON a@1 p\nPRESS Red\nhi").commands[0].recipient == "Red"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("PRESS\nhello\nENDPRESS", "E-PRESS-TO"),
        ("PRESS red blue\nhello\nENDPRESS", "E-PRESS-TO"),
        ("PRESS red\n\nENDPRESS", "E-PRESS-EMPTY"),
        ("ENDPRESS", "E-ENDPRESS-STRAY"),
    ],
)
def test_press_errors(text: str, code: str) -> None:
    env = parse_envelope("SIGNON a@1 p\n" + text)
    assert codes(env) == [code] and not env.commands and not env.orders


def test_resign_or_withdraw_with_orders_conflict() -> None:
    assert codes(parse_envelope("SIGNON a@1 p\nRESIGN\nhold")) == ["E-RESIGN-CONFLICT"]
    assert codes(parse_envelope("SIGNON a@1 p\nhold\nWITHDRAW")) == ["E-WITHDRAW-CONFLICT"]
    assert parse_envelope("SIGNON a@1 p\nRESIGN").ok
    assert parse_envelope("SIGNON a@1 p\nWITHDRAW\nPRESS all\nsorry\nENDPRESS").ok


def test_every_error_is_reported_not_just_the_first() -> None:
    env = parse_envelope(
        "SIGNON alice@seven pw\nWAIT now\nABSENCE 2025-13-01 2025-07-01\nhold\nENDPRESS\nNOWAIT\nWAIT\nRESIGN"
    )
    assert [(e.line, e.code) for e in env.errors] == [
        (1, "E-SIGNON-GAME"),
        (2, "E-COMMAND-ARGS"),
        (3, "E-ABSENCE-DATE"),
        (5, "E-ENDPRESS-STRAY"),
        (7, "E-WAIT-CONFLICT"),
        (8, "E-RESIGN-CONFLICT"),
    ]
    with pytest.raises(OrdersRejected) as caught:
        env.raise_for_errors()
    assert len(caught.value.errors) == 6


def test_error_text_says_what_where_and_how_to_fix() -> None:
    (err,) = parse_envelope("SIGNON a@1 p\nABSENCE 2025-07-01 July").errors
    assert str(err) == (
        "line 2, column 20: 'July' is not a date written YYYY-MM-DD [E-ABSENCE-DATE]\n"
        "    ABSENCE 2025-07-01 July\n"
        "    hint: write the dates as YYYY-MM-DD, like `ABSENCE 2025-07-01 2025-07-14`"
    )


def test_every_error_code_is_stable_and_prefixed() -> None:
    assert all(code.value.startswith("E-") and code.value.isupper() for code in EnvelopeCode)
    assert len({c.value for c in EnvelopeCode}) == len(EnvelopeCode)


def test_without_required_signon_every_non_command_line_is_an_order() -> None:
    env = parse_envelope("advance 2\nWAIT", require_signon=False)
    assert env.ok and env.signon is None and env.orders == OrdersText("advance 2", 0)


def test_ruleset_errors_are_relocated_to_mail_lines() -> None:
    """The toy race's parser numbers lines of the orders block; the reply must cite the mail's lines."""
    mail = "SIGNON alice@1 pw\nPRESS all\ngood luck\nENDPRESS\n\nadvance 9\nWAIT\nsprint\n"
    env = parse_envelope(mail)
    with pytest.raises(OrdersRejected) as caught:
        RACE.parse_orders(RACE.setup("sprint", {}), "blue", env.orders.text)
    errors = env.relocate(caught.value.errors)
    assert [(e.line, e.code, e.text) for e in errors] == [(6, "E-RANGE", "advance 9"), (8, "E-VERB", "sprint")]
    assert [mail.split("\n")[e.line - 1] for e in errors] == ["advance 9", "sprint"]


def test_whole_text_ruleset_errors_stay_on_line_zero() -> None:
    env = parse_envelope("SIGNON a@1 p\n\nhold")
    assert env.relocate([OrderError(0, 0, "X", "whole")])[0].line == 0


def test_a_real_reply_from_the_corpus_reads_cleanly() -> None:
    env = parse_envelope(parse_message(corpus("reply_bottom_posted")).text)
    assert env.ok and env.signon == Signon("bob", 7, "hunter2", 6)
    assert env.orders == OrdersText("hold 5", 7)


def test_html_mail_with_press_reads_cleanly() -> None:
    env = parse_envelope(parse_message(corpus("html_only")).text)
    assert env.ok and [c.kind for c in env.commands] == [CommandKind.PRESS]
    assert env.commands[0].body == "Fish & chips at dawn <3"
    assert env.orders.text == "move 4 0708 0709\nrally 4\n\n\n\n\nCafé — done" and env.orders.line_offset == 1
