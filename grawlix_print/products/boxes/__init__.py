"""Boxes to print, cut, fold and glue: a tuck box for each deck of cards, a tray and lid for each set of tiles.

One package, one entry point (``grawlix_print.products``: ``boxes``): its
command, ``[boxes]`` table, kit step, index entries and web links all come
from ``product.Boxes``. ``nets`` is the geometry (panels, folds, cuts, glue
flaps, as plain values), ``sizes`` what a kind's pieces need inside, ``build``
the pages and the drawing.
"""
