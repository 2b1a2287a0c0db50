"""The errata sheet: what changed since the previous version of the rules, one page for players."""
