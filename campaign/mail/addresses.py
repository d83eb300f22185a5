"""Player addresses: exactly one plain address each, checked for syntax only (no network).

Checked with email-validator (``check_deliverability=False``: no DNS look-up), which refuses
lists (``a@x.org,b@y.org``), display names and angle brackets, markup, spaces, control
characters and reserved domains (``.invalid``, ``.test``, ``localhost``). A refused address is a
`ValueError` whose message says what is wrong in plain words.

    >>> check_address("Alice@Example.ORG")
    'Alice@example.org'
"""

from __future__ import annotations


def check_address(text: str) -> str:
    """The address, normalised (domain lower-cased), or ValueError saying why it cannot be one."""
    from email_validator import EmailNotValidError, validate_email

    value = text.strip()
    if not value:
        raise ValueError("the email address is empty")
    if any(sep in value for sep in ",;") or value.count("@") > 1:
        raise ValueError(f"{text!r} is not an email address: give exactly one address per player")
    try:
        return str(validate_email(value, check_deliverability=False).normalized)
    except EmailNotValidError as exc:
        raise ValueError(f"{text!r} is not an email address: {exc}") from None
