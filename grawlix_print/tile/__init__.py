"""The one definition of a Grawlix tile.

``identity`` (glyphs, colours, the 36 tiles) is all the rules engine sees and
imports nothing heavy; ``look`` (screen and print colours, colour-blind
marks), ``outline`` (glyph shapes, read from a font) and ``sizes`` (physical
dimensions) are reached only by the renderers and the 3D model.
"""
