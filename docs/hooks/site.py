"""MkDocs hooks for the site (mkdocs.yml's ``hooks``).

Two jobs: what Python-Markdown reads differently from GitHub, so a page reads the same on the site
and on the repository's page; and a check of every link in the built site, so that ``mkdocs build
--strict`` is the link check (MkDocs checks the links written in Markdown; this also sees those in
HTML, in the theme and in generated pages).
"""

import logging
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

log = logging.getLogger("mkdocs.hooks.site")  # under "mkdocs": --strict counts its warnings

CODE_SPAN = re.compile(r"`[^`\n]+`")


def unescape_table_pipes(markdown: str) -> str:
    """GitHub needs ``\\|`` for a ``|`` inside a code span in a table row; Python-Markdown already
    keeps a code span's pipes in their cell and would print the backslash."""
    def unescape(span: re.Match[str]) -> str:
        return span.group(0).replace("\\|", "|")

    return "\n".join(CODE_SPAN.sub(unescape, line) if line.lstrip().startswith("|") else line
                     for line in markdown.split("\n"))


class Links(HTMLParser):
    """The links (``href``, ``src``) and the ids of one HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name == "id":
                self.ids.add(value)
            elif name in ("href", "src"):
                self.links.append(value)


def read_page(path: Path) -> Links:
    page = Links()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def broken_links(site: Path) -> list[str]:
    """Every link between the site's own files that leads nowhere: a file that is not there, or an
    anchor its page lacks. Addresses with a scheme (https:, mailto:) are not followed: the site is
    built where there may be no network."""
    site = site.resolve()
    pages = {path: read_page(path) for path in sorted(site.rglob("*.html"))}
    broken = []
    for path, page in pages.items():
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith("data:"):
                continue
            base = site if parts.path.startswith("/") else path.parent  # 404.html's are from the top
            target = (base / unquote(parts.path).lstrip("/")).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            where = path.relative_to(site).as_posix()
            if not target.is_file():
                broken.append(f"{where}: {link}: no such file in the site")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else read_page(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{where}: {link}: no anchor #{parts.fragment} there")
    return broken


def on_page_markdown(markdown: str, **_: object) -> str:
    return unescape_table_pipes(markdown)


def on_post_build(config: dict, **_: object) -> None:
    """Each broken link is a warning; under --strict they also stop the build themselves, since
    ``mkdocs build -q`` hides warnings from the count --strict keeps."""
    broken = broken_links(Path(config["site_dir"]))
    for line in broken:
        log.warning("broken link: %s", line)
    if broken and config.get("strict"):
        from mkdocs.exceptions import PluginError

        raise PluginError(f"{len(broken)} broken links in the site (the first: {broken[0]})")
