"""Player passwords: salted scrypt hashes, constant-time checks, and readable generated passwords.

A password is stored only as ``scrypt$n$r$p$salt_hex$hash_hex`` and is never mailed back. The
cost parameters live in the stored string, so old hashes keep verifying after the defaults are
raised; `needs_rehash` tells the caller when to store a fresh hash on the next good sign-on.

    >>> stored = hash_password("tiger-moth", n=2**10)
    >>> verify_password("tiger-moth", stored), verify_password("tiger-mouth", stored)
    (True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from dataclasses import dataclass

SCHEME = "scrypt"
DEFAULT_N = 2**14
DEFAULT_R = 8
DEFAULT_P = 1
SALT_BYTES = 16
HASH_BYTES = 32
MAX_N = 2**20
"""Refuse stored strings that would ask for more work than this (a tampered file must not stall us)."""
MAX_R = 32
MAX_P = 16

ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
"""Lower-case letters and digits without the look-alikes 0/o, 1/l/i: easy to read aloud and to type."""
GENERATED_LENGTH = 10
"""Ten symbols from a 31-symbol alphabet: about 49.5 bits, ample behind a slow hash."""


class PasswordFormatError(ValueError):
    """A stored password hash is not in the ``scrypt$n$r$p$salt_hex$hash_hex`` form we write."""


@dataclass(frozen=True, slots=True)
class ScryptHash:
    """A parsed stored hash: the scrypt cost parameters, the salt and the derived key."""

    n: int
    r: int
    p: int
    salt: bytes
    digest: bytes

    def encode(self) -> str:
        """The stored form, ``scrypt$n$r$p$salt_hex$hash_hex``."""
        return f"{SCHEME}${self.n}${self.r}${self.p}${self.salt.hex()}${self.digest.hex()}"

    @classmethod
    def decode(cls, encoded: str) -> ScryptHash:
        """Parse a stored hash, checking every field; PasswordFormatError says which one is wrong."""
        parts = encoded.strip().split("$")
        if len(parts) != 6 or parts[0] != SCHEME:
            raise PasswordFormatError(
                f"stored password hash {_redact(encoded)!r} is not of the form scrypt$n$r$p$salt_hex$hash_hex"
            )
        _, n_text, r_text, p_text, salt_hex, digest_hex = parts
        try:
            n, r, p = int(n_text), int(r_text), int(p_text)
        except ValueError:
            raise PasswordFormatError(
                f"stored password hash: n, r and p must be whole numbers (got {n_text!r}, {r_text!r}, {p_text!r})"
            ) from None
        _check_params(n, r, p)
        try:
            salt, digest = bytes.fromhex(salt_hex), bytes.fromhex(digest_hex)
        except ValueError:
            raise PasswordFormatError("stored password hash: salt and hash must be hexadecimal") from None
        if not salt or not digest:
            raise PasswordFormatError("stored password hash: salt and hash must not be empty")
        return cls(n, r, p, salt, digest)


def _redact(encoded: str) -> str:
    """Show a malformed stored hash in an error without its secret parts."""
    head = encoded.split("$")[:4]
    return "$".join(head) + ("$..." if encoded.count("$") > 3 else "")


def _check_params(n: int, r: int, p: int) -> None:
    if n < 2 or n & (n - 1) or n > MAX_N:
        raise PasswordFormatError(f"scrypt n must be a power of two from 2 to {MAX_N} (got {n})")
    if not 1 <= r <= MAX_R:
        raise PasswordFormatError(f"scrypt r must be from 1 to {MAX_R} (got {r})")
    if not 1 <= p <= MAX_P:
        raise PasswordFormatError(f"scrypt p must be from 1 to {MAX_P} (got {p})")


def _normalise(password: str) -> bytes:
    """NFC, so the same password typed on two keyboards (composed or not) hashes the same."""
    return unicodedata.normalize("NFC", password).encode("utf-8")


def _derive(password: str, salt: bytes, n: int, r: int, p: int, length: int) -> bytes:
    maxmem = 128 * r * (n + p + 2) + 1024 * 1024  # what scrypt needs, plus slack; OpenSSL's default is 32 MiB
    return hashlib.scrypt(_normalise(password), salt=salt, n=n, r=r, p=p, maxmem=maxmem, dklen=length)


def hash_password(
    password: str,
    *,
    n: int = DEFAULT_N,
    r: int = DEFAULT_R,
    p: int = DEFAULT_P,
    salt: bytes | None = None,
) -> str:
    """Hash `password` with scrypt and a fresh random 16-byte salt (or `salt`, for tests)."""
    _check_params(n, r, p)
    if salt is None:
        salt = secrets.token_bytes(SALT_BYTES)
    digest = _derive(password, salt, n, r, p, HASH_BYTES)
    return ScryptHash(n, r, p, salt, digest).encode()


def verify_password(password: str, encoded: str) -> bool:
    """True when `password` matches the stored hash, using the n, r, p and salt stored in it.

    The comparison is constant-time. A malformed stored hash raises PasswordFormatError (that
    is damage to the campaign file, not a wrong password, and must not pass silently).
    """
    stored = ScryptHash.decode(encoded)
    candidate = _derive(password, stored.salt, stored.n, stored.r, stored.p, len(stored.digest))
    return hmac.compare_digest(candidate, stored.digest)


def needs_rehash(encoded: str, *, n: int = DEFAULT_N, r: int = DEFAULT_R, p: int = DEFAULT_P) -> bool:
    """True when the stored hash is weaker than the current parameters (re-hash after a good sign-on)."""
    stored = ScryptHash.decode(encoded)
    return stored.n < n or stored.r < r or stored.p < p or len(stored.digest) < HASH_BYTES


def generate_password(length: int = GENERATED_LENGTH) -> str:
    """A random password from the unambiguous `ALPHABET`, drawn with the `secrets` module."""
    if length < 6:
        raise ValueError(f"a generated password needs at least 6 characters (asked for {length})")
    return "".join(secrets.choice(ALPHABET) for _ in range(length))
