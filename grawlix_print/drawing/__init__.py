"""Backend-neutral 2D pieces (a tile, a position diagram) that every printed or screen product draws."""
