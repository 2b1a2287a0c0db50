"""The products: what a kit holds, each a function of a game (rules in print, sheets, images, web, 3D)."""
