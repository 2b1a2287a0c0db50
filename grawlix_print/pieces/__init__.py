"""Kinds of game pieces as data: what a game's components.toml describes, read and checked."""
