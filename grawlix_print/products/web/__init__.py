"""The rules on the web: a Markdown edition with SVG diagrams and a one-file HTML page."""
