"""The PDF back end: a deterministic reportlab canvas, the embedded typefaces, XMP metadata."""
