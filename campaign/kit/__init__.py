"""The game kit: what two rule systems would otherwise each write for themselves.

- :mod:`campaign.kit.reader` reads order text: lines, tokens with their columns, every error
  collected, "did you mean" from the legal words, and a grammar table of verb -> parser.
- :mod:`campaign.kit.scenario_file` loads a TOML scenario or data file with errors that name
  the file, line and field.
- :mod:`campaign.kit.scripted` is a dice source for tests that refuses a wrong die size and
  running out.
- :mod:`campaign.kit.runner` is the table of order kind -> (verify, apply) that a phase runner
  and a computer player share.
- :mod:`campaign.kit.legal` is the data shape of ``Ruleset.legal_options``: what each unit may do now.

Rules packages may import this package (it does no I/O beyond reading a file a caller names).
"""
