"""Issue 12 hole 5: exactly one valid address per player, checked for syntax with no network."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from campaign.cli import main
from campaign.mail.addresses import check_address


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("a@x.org,victim@y.org", "exactly one address"),
        ("a@x.org; victim@y.org", "exactly one address"),
        ("a@x.org victim@y.org", "exactly one address"),
        ("<b>a@x.org</b>", "not an email address"),
        ("Alice <a@x.org>", "display name"),
        ("a@x.org\nBcc: victim@y.org", "exactly one address"),
        ("alice@localhost", "not an email address"),
        ("alice@mail.invalid", "special-use or reserved"),
        ("", "empty"),
    ],
)
def test_hole5_player_add_refuses_lists_markup_and_non_addresses(
    runner: CliRunner, db_path: Path, address: str, says: str
) -> None:
    assert runner.invoke(main, ["--db", str(db_path), "init"]).exit_code == 0
    res = runner.invoke(main, ["--db", str(db_path), "player", "add", "carol", "--email", address])
    assert res.exit_code == 1 and says in res.output and "Traceback" not in res.output, res.output
    listed = runner.invoke(main, ["--db", str(db_path), "player", "list"])
    assert "carol" not in listed.output


def test_hole5_a_plain_address_is_kept_with_its_domain_lower_cased(runner: CliRunner, db_path: Path) -> None:
    runner.invoke(main, ["--db", str(db_path), "init"])
    res = runner.invoke(main, ["--db", str(db_path), "player", "add", "carol", "--email", "Carol.B@Mail.Example.ORG"])
    assert res.exit_code == 0 and "carol <Carol.B@mail.example.org>" in res.output
    assert check_address(" dora@example.org ") == "dora@example.org"
