"""Images of every printable face: PNGs for print-on-demand services and Tabletop Simulator decks."""
