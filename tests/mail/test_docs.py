"""docs/orders.md stays true: its example mail is accepted, its error sample is real, every code is listed."""

from __future__ import annotations

import re
from pathlib import Path

from campaign.mail.envelope import CommandKind, EnvelopeCode, Signon, parse_envelope
from campaign.mail.parse import ProblemCode, parse_message

DOC = Path(__file__).resolve().parents[2] / "docs" / "orders.md"


def doc() -> str:
    return DOC.read_text(encoding="utf-8")


def fenced(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", doc(), re.S)


def test_complete_example_mail_is_accepted_as_described() -> None:
    (example,) = fenced("eml")
    mail = parse_message(example.encode("utf-8"))
    env = parse_envelope(mail.text)
    assert env.ok, env.errors
    assert env.signon == Signon("alice", 7, "tiger-moth", 1)
    assert [(c.kind, c.line) for c in env.commands] == [(CommandKind.WAIT, 4), (CommandKind.PRESS, 5)]
    assert env.commands[1].recipient == "red"
    assert env.orders.text == "move 3 0504 0505 face N\ngeneral 1 0605 0606" and env.orders.mail_line(1) == 2
    assert env.signoff_line == 8


def test_the_refusal_sample_is_what_the_parser_says() -> None:
    sample = next(block for block in fenced("") if block.startswith("orders refused"))
    mail = "SIGNON alice@seven tiger-moth\nmove 3 0504 0505\nWAIT\nABSENCE 2025-13-01 2025-07-14\n"
    env = parse_envelope(mail)
    assert sample.splitlines()[1:] == "\n".join(str(e) for e in env.errors).splitlines()
    assert sample.splitlines()[0] == f"orders refused: {len(env.errors)} errors; nothing was stored"


def test_every_error_code_is_documented() -> None:
    text = doc()
    missing = [c.value for c in (*EnvelopeCode, *ProblemCode) if f"`{c.value}`" not in text]
    assert missing == []


def test_every_refusal_code_of_the_mail_loop_is_documented_with_its_reply() -> None:
    """Issue 12 item 9: every E- code the mail loop and the password guard can give is in the table."""
    root = DOC.parents[1] / "campaign"
    source = (root / "mailflow.py").read_text() + (root / "mail" / "guard.py").read_text()
    codes = sorted(set(re.findall(r'"(E-[A-Z-]+)"', source)))
    assert "E-PASSWORD" in codes and "E-LOCKED" in codes
    text = doc()
    assert [c for c in codes if f"| `{c}` |" not in text] == []


def test_every_command_is_documented_with_an_example() -> None:
    text = doc()
    assert all(f"| `{k.value}" in text for k in CommandKind)
    assert "| `SIGNOFF` |" in text


def test_rules_specific_section_is_there_for_the_rulesets() -> None:
    assert "\n## Rules-specific orders\n" in doc()


def test_the_hordes_heroes_example_mail_in_orders_md_parses() -> None:
    """Every order line of the H&H example mails in docs/orders.md is read by the H&H grammar."""
    import re

    from campaign.hexgrid import MapSpec, Orientation
    from campaign.mail.envelope import parse_envelope
    from games.hordes_heroes import language as hh_language
    from games.hordes_heroes import orders as hh

    text = DOC.read_text(encoding="utf-8")
    section = text.split("### Hordes & Heroes: a complete order mail", 1)[1].split("### Answering a decision", 1)[0]
    mails = re.findall(r"```\n(.*?)```", section, re.S)
    assert len(mails) == 2
    spec = MapSpec(18, 13, Orientation.POINTY)
    names = {1: "Mounted Men-at-Arms", 2: "Retinue Longbowmen", 3: "Levy Billmen", 4: "Levy Bowmen", 12: "Genoese"}
    for mail in mails:
        body = mail.split("\n\n", 1)[1] if mail.startswith("From:") else mail
        env = parse_envelope(body)
        assert env.ok, env.errors
        lines, bad = hh_language.split_lines(env.orders.text)
        assert not bad and lines
        standing = all(ln.words[0].lower == "standing" for ln in lines)
        context = hh.Context.STANDING if standing else hh.Context.BOUND
        for ln in lines:
            hh_language.parse_line(ln, context, spec, names, {1})
