"""The game itself: the rules parameters, the rules engine and the example positions it checks."""
