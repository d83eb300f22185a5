"""`python -m campaign.cli`: the same as the `campaign` command."""

from campaign.cli import main

if __name__ == "__main__":  # pragma: no cover
    main()
