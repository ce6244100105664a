"""The report as one self-contained HTML file: jinja2 with autoescape, charts as data: URIs.

Every piece of text from a game file goes through autoescape, so a paytable
named ``<script>alert(1)</script>`` shows as those characters, and its
direction controls (U+202E...) are shown as such rather than reversing what
follows (:func:`casino_math.text.visible`). The page loads
nothing: its Content-Security-Policy forbids scripts and fetches.
"""

from __future__ import annotations

import base64
from typing import Mapping

import jinja2
from markupsafe import Markup

from ..text import code_pieces, visible
from .charts import Rendered
from .document import Document

_ENVIRONMENT = jinja2.Environment(
    loader=jinja2.PackageLoader("casino_math", "report/templates"),
    autoescape=True,  # for every template, not only *.html: the CSS include holds no data
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
    finalize=lambda value: value if isinstance(value, Markup) or not isinstance(value, str) else visible(value),  # see visible
)
_ENVIRONMENT.filters["kind"] = lambda block: type(block).__name__.lower()
# a file name or hash may break only after / and - (and a hash in halves): never inside a word
_ENVIRONMENT.filters["breakable"] = lambda text: Markup("<wbr>").join(code_pieces(visible(text)))
_ENVIRONMENT.filters["classes"] = lambda column: " ".join(
    name for name, wanted in (("num", column.numeric), ("code", column.code), ("fill", column.fill)) if wanted
)


def data_uri(svg: bytes) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


def render_html(document: Document, images: Mapping[str, Rendered]) -> bytes:
    """The page's bytes (UTF-8)."""
    template = _ENVIRONMENT.get_template("report.html.j2")
    uris = {key: data_uri(image.svg) for key, image in images.items()}
    return template.render(document=document, images=uris).encode("utf-8")

