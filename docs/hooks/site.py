"""MkDocs hooks for the site (mkdocs.yml's ``hooks``): what Python-Markdown reads differently from
GitHub, so a page reads the same on the site and on the repository's page.
"""

import re

CODE_SPAN = re.compile(r"`[^`\n]+`")


def unescape_table_pipes(markdown: str) -> str:
    """GitHub needs ``\\|`` for a ``|`` inside a code span in a table row; Python-Markdown already
    keeps a code span's pipes in their cell and would print the backslash."""
    def unescape(span: re.Match[str]) -> str:
        return span.group(0).replace("\\|", "|")

    return "\n".join(CODE_SPAN.sub(unescape, line) if line.lstrip().startswith("|") else line
                     for line in markdown.split("\n"))


def on_page_markdown(markdown: str, **_: object) -> str:
    return unescape_table_pipes(markdown)
