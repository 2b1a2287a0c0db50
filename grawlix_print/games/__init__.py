"""The games: each brings its components, rules and templates; the products are functions of a game."""
