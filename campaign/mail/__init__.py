"""The mail side of the play-by-email loop, as pure building blocks the service and CLI wire together.

* `campaign.mail.sources`: read inbound mail from a Maildir, an mbox, an .eml file or IMAP.
* `campaign.mail.parse`: one raw mail -> `InboundMail` (the player's own text, sender, threading).
* `campaign.mail.auth`: refuse mail whose From domain failed DMARC, SPF or DKIM.
* `campaign.mail.envelope`: SIGNON, envelope commands and orders, with every error (docs/orders.md).
* `campaign.mail.outbox`: build replies and digests, queue them in a Maildir, send them over SMTP.

Player passwords live in `campaign.passwords`.
"""
