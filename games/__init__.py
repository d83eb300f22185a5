"""Rule systems shipped with campaign, one package each."""
