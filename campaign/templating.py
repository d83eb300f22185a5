"""One Jinja environment for digests, replies and pages; templates ship inside the wheel.

In a source checkout the templates live in the top-level `templates/` folder; a wheel carries
them as `campaign/templates/` (see pyproject.toml). StrictUndefined turns a missing value into
an error instead of an empty hole; autoescape is on for HTML only.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path
from typing import Any


def templates_dir() -> Path:
    """Where the templates are: inside the installed package, else the source tree."""
    packaged = resources.files("campaign") / "templates"
    if packaged.is_dir():
        return Path(str(packaged))
    source = Path(__file__).resolve().parent.parent / "templates"
    if source.is_dir():
        return source
    raise FileNotFoundError("campaign's templates are missing: reinstall the package")


@functools.cache
def environment() -> Any:
    """The shared Jinja environment, built once."""
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(enabled_extensions=("html", "html.j2"), default_for_string=False),
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render(name: str, **context: Any) -> str:
    """Render one template by file name."""
    return str(environment().get_template(name).render(**context))
