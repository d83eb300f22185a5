"""Player passwords: scrypt hashes with their parameters stored, constant-time checks, readable new ones."""

from __future__ import annotations

import hashlib

import pytest

from campaign import passwords
from campaign.passwords import (
    ALPHABET,
    PasswordFormatError,
    ScryptHash,
    generate_password,
    hash_password,
    needs_rehash,
    verify_password,
)

FAST = 2**10  # tests use a cheaper n; one test checks the default really is 2**14


def test_hash_has_the_documented_form_and_defaults() -> None:
    stored = hash_password("tiger-moth")
    scheme, n, r, p, salt, digest = stored.split("$")
    assert (scheme, n, r, p) == ("scrypt", str(2**14), "8", "1")
    assert len(bytes.fromhex(salt)) == 16 and len(bytes.fromhex(digest)) == 32
    assert verify_password("tiger-moth", stored)


def test_right_password_verifies_and_wrong_ones_do_not() -> None:
    stored = hash_password("tiger-moth", n=FAST)
    assert verify_password("tiger-moth", stored)
    assert not verify_password("tiger-mouth", stored)
    assert not verify_password("", stored)
    assert not verify_password("Tiger-moth", stored)


def test_each_hash_has_its_own_salt() -> None:
    assert hash_password("same", n=FAST) != hash_password("same", n=FAST)


def test_hash_matches_hashlib_scrypt_for_a_known_salt() -> None:
    salt = bytes(range(16))
    stored = hash_password("pw", n=FAST, r=4, p=2, salt=salt)
    expected = hashlib.scrypt(b"pw", salt=salt, n=FAST, r=4, p=2, dklen=32)
    assert stored == f"scrypt${FAST}$4$2${salt.hex()}${expected.hex()}"


def test_parameters_stored_in_the_string_are_honoured() -> None:
    """A hash made with other parameters still verifies; changing a stored parameter breaks it."""
    stored = hash_password("pw", n=2**11, r=2, p=3)
    assert verify_password("pw", stored)
    scheme, n, r, p, salt, digest = stored.split("$")
    for changed in (
        f"{scheme}${2**12}${r}${p}${salt}${digest}",
        f"{scheme}${n}$3${p}${salt}${digest}",
        f"{scheme}${n}${r}$1${salt}${digest}",
    ):
        assert not verify_password("pw", changed)


def test_unicode_passwords_are_normalised() -> None:
    stored = hash_password("s\u00e9same", n=FAST)  # composed é
    assert verify_password("se\u0301same", stored)  # e + combining accent


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "plain-text-password",
        "bcrypt$2b$12$abc",
        "scrypt$16384$8$1$zz$00",
        "scrypt$16384$8$1$$00",
        "scrypt$16384$8$1$00",
        "scrypt$1000$8$1$00$00",
        f"scrypt${2**30}$8$1$00$00",
        "scrypt$16384$0$1$00$00",
        "scrypt$16384$8$99$00$00",
        "scrypt$n$8$1$00$00",
    ],
)
def test_malformed_stored_hashes_raise_rather_than_deny_silently(bad: str) -> None:
    with pytest.raises(PasswordFormatError):
        verify_password("pw", bad)


def test_format_errors_do_not_echo_the_stored_secret() -> None:
    with pytest.raises(PasswordFormatError) as caught:
        ScryptHash.decode("scrypt$16384$8$1$00112233")
    assert "00112233" not in str(caught.value)


def test_weaker_stored_hashes_need_a_rehash() -> None:
    assert needs_rehash(hash_password("pw", n=FAST))
    assert not needs_rehash(hash_password("pw", n=FAST), n=FAST)


def test_generated_passwords_are_readable_and_random() -> None:
    made = {generate_password() for _ in range(200)}
    assert len(made) == 200
    for pw in made:
        assert len(pw) == 10 and set(pw) <= set(ALPHABET)
    assert not set("0o1li") & set(ALPHABET)
    with pytest.raises(ValueError):
        generate_password(4)


def test_verification_uses_a_constant_time_comparison(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[bytes, bytes]] = []
    real = passwords.hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(passwords.hmac, "compare_digest", spy)
    assert verify_password("pw", hash_password("pw", n=FAST))
    assert len(calls) == 1
