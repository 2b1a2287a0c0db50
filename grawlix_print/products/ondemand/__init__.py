"""Print-on-demand exports: each service's files (The Game Crafter, MakePlayingCards, DriveThruCards) and its guide."""
