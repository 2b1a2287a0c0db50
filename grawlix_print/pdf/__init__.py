"""2D drawing with reportlab: shared primitives, then one module per printed product."""
