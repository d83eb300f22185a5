"""Drive a real headless Chromium from the standard library: load a page, read its DOM, take a screenshot.

No pip package is needed: Chromium's own `--dump-dom` prints the DOM after scripts ran, and
`--screenshot` writes a PNG. Each call starts a fresh browser with a throw-away profile and no
network services, so pages must work from `file://` alone. `html.parser` reads the DOM back.

If Chromium is missing, `find_chromium` fails the test with the command that installs it: the
browser tests are part of CI (`.ci/run` installs Debian's `chromium`), never silently skipped.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest

CHROMIUM_ENV = "CAMPAIGN_CHROMIUM"
"""Path of a Chromium or Chrome binary to use instead of the one on PATH."""
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
"""HTML elements that never have an end tag."""


def find_chromium() -> str:
    """The browser binary, or fail the test saying how to install one."""
    explicit = os.environ.get(CHROMIUM_ENV)
    if explicit:
        return explicit
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    pytest.fail(
        "the browser tests need Chromium, which is not installed. On Debian or Ubuntu run (as root):\n"
        "    apt-get update -qq && apt-get install -y -qq chromium\n"
        f"or point {CHROMIUM_ENV} at a Chromium or Chrome binary.",
        pytrace=False,
    )


def _run(args: list[str], *, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    with tempfile.TemporaryDirectory(prefix="campaign-chromium-") as profile:
        cmd = [find_chromium(), *FLAGS, f"--user-data-dir={profile}", *args]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode != 0:
        raise AssertionError(f"chromium failed ({done.returncode}): {' '.join(cmd)}\n{done.stderr[-2000:]}")
    return done


def dump_dom(path: Path) -> Dom:
    """Load `path` from disk and return its DOM as the browser built it (after scripts ran).

    (`--dump-dom` itself needs JavaScript, so a script-less view is the file parsed as it is.)
    """
    html = _run(["--dump-dom", path.resolve().as_uri()]).stdout
    if "<html" not in html:
        raise AssertionError(f"chromium printed no DOM for {path}")
    return Dom.parse(html, path)


def screenshot(path: Path, out: Path, *, width: int = 1280, height: int = 900) -> Path:
    """Save a PNG of `path` as it looks in a `width` x `height` window."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)
    _run([f"--screenshot={out.resolve()}", f"--window-size={width},{height}", path.resolve().as_uri()])
    if not out.is_file():
        raise AssertionError(f"chromium wrote no screenshot of {path}")
    return out


def png_size(png: Path) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR chunk."""
    data = png.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{png} is not a PNG"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@dataclass
class Link:
    """An <a> or <link> element: where it points, its rel and its text."""

    tag: str
    href: str
    rel: str
    text: str = ""


class Dom(HTMLParser):
    """The parts of a page the tests look at: title, links, headings, text, ids, images."""

    def __init__(self, source: Path):
        super().__init__(convert_charrefs=True)
        self.source = source
        self.title = ""
        self.lang = ""
        self.links: list[Link] = []
        self.images: list[dict[str, str]] = []
        self.headings: list[str] = []
        self.ids: set[str] = set()
        self.scripts: list[str] = []
        self.chunks: list[str] = []
        self._stack: list[str] = []
        self._open_link: Link | None = None
        self._heading: list[str] | None = None

    @classmethod
    def parse(cls, html: str, source: Path) -> Dom:
        dom = cls(source)
        dom.feed(html)
        dom.close()
        return dom

    @property
    def text(self) -> str:
        return " ".join(" ".join(self.chunks).split())

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "html":
            self.lang = a.get("lang", "")
        elif tag in ("a", "link") and "href" in a:
            link = Link(tag, a["href"], a.get("rel", ""))
            self.links.append(link)
            if tag == "a":
                self._open_link = link
        elif tag == "img":
            self.images.append(a)
        elif tag == "script":
            self.scripts.append(a.get("src", ""))
        elif tag in ("h1", "h2", "h3"):
            self._heading = []
        if tag not in VOID:
            self._stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self._open_link = None
        elif tag in ("h1", "h2", "h3") and self._heading is not None:
            self.headings.append(" ".join(" ".join(self._heading).split()))
            self._heading = None
        if tag in self._stack:
            while self._stack and self._stack.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        inside = self._stack[-1] if self._stack else ""
        if inside == "title":
            self.title += data
            return
        if inside in ("script", "style"):
            return
        self.chunks.append(data)
        if self._open_link is not None:
            self._open_link.text += data
        if self._heading is not None:
            self._heading.append(data)

    def rel(self, rel: str) -> list[Link]:
        """Links with that rel (either <a rel> or <link rel>)."""
        return [x for x in self.links if rel in x.rel.split()]

    def target(self, href: str) -> Path:
        """The file a relative href points at (without its #fragment)."""
        return (self.source.parent / href.split("#", 1)[0]).resolve()
