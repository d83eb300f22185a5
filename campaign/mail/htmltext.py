"""Visible text of an HTML mail body, one line per <br> or block element (no <style>/<script>)."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

_BLOCK_TAGS = frozenset(
    "address article aside blockquote center dd div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6"
    " header hr li main nav ol p pre section table tbody td th thead tfoot tr ul".split()
)
_DROP_TAGS = frozenset({"style", "script", "head", "title", "template", "noscript"})
_VOID_TAGS = frozenset({"br", "hr", "img", "meta", "link", "input", "wbr", "col", "area", "base", "source"})


class _HtmlText(HTMLParser):
    """Collect the visible text of an HTML mail, one output line per <br> or block element."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._cur: list[str] = []
        self._cur_quoted = False
        self._drop = 0
        self._pre = 0
        self._quote = 0
        self._para_start = -1

    def _break(self, *, force: bool = False) -> None:
        joined = "".join(self._cur)
        line = joined.rstrip(" ") if self._pre else joined.strip(" ")
        if line or force:
            self.lines.append(("> " + line) if self._cur_quoted else line)
        self._cur = []
        self._cur_quoted = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _DROP_TAGS:
            self._drop += 1
        elif tag == "br":
            self._break(force=True)
        elif tag in _BLOCK_TAGS:
            self._break()
            if tag == "p":
                self._para_start = len(self.lines)
            elif tag == "pre":
                self._pre += 1
            elif tag == "blockquote":
                self._quote += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "br":
            self._break(force=True)
        elif tag in _BLOCK_TAGS:
            self._break()

    def handle_endtag(self, tag: str) -> None:
        if tag in _DROP_TAGS:
            self._drop = max(0, self._drop - 1)
        elif tag in _BLOCK_TAGS:
            self._break()
            if tag == "p" and self._para_start == len(self.lines):
                self.lines.append("")  # an empty paragraph is Outlook's blank line
            if tag == "pre":
                self._pre = max(0, self._pre - 1)
            elif tag == "blockquote":
                self._quote = max(0, self._quote - 1)

    def handle_data(self, data: str) -> None:
        if self._drop:
            return
        data = data.replace("\xa0", " ")
        if self._pre:
            first, *rest = data.split("\n")
            self._add(first)
            for piece in rest:
                self._break(force=True)
                self._add(piece)
            return
        text = re.sub(r"\s+", " ", data)
        if not self._cur and not text.strip():
            return
        if not self._cur:
            text = text.lstrip()
        self._add(text)

    def _add(self, text: str) -> None:
        if text.strip() and self._quote:
            self._cur_quoted = True
        self._cur.append(text)

    def close(self) -> None:
        super().close()
        self._break()


def html_to_text(html: str) -> str:
    """Visible text of an HTML body: a line per <br>, <p>, <div>, <li>, ...; no <style>/<script>.

    Entities are unescaped, and text inside <blockquote> comes out as ``> `` lines so quoted
    replies are dropped like plain-text ones.

    >>> html_to_text("<div>move 4 to 0504</div><div>wait<br>&amp; see</div><style>p{}</style>")
    'move 4 to 0504\\nwait\\n& see'
    """
    parser = _HtmlText()
    try:
        parser.feed(html)
        parser.close()
    except Exception:  # html.parser is lenient, but never let a page stop a reply
        return unescape(re.sub(r"<[^>]*>", "\n", html))
    lines = parser.lines
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)
