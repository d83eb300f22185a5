"""Map campaigns: a strategic game of army moves between battles, rosters that remember losses, standings."""
