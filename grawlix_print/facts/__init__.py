"""Plain values the products state: counts, allowed sets, missing tiles, wording of numbers."""
