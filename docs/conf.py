"""The book: the chapters with their stored outputs, as a static site (Sphinx + MyST-NB).

Build it with `make book` (site in build/book/). The source folder is the repository itself,
read through `include_patterns`, so every link a page makes is the link GitHub shows: the front
page is README.md, a chapter is notebooks/NN_slug.ipynb, and a notebooks/zh-CN/ folder, when it
exists, becomes a second part of the book with no change here.

Nothing is executed (the outputs are the ones `make notebooks` stored) and nothing on a page is
loaded from the network: no widget embedding, no require.js, no MathJax, no Mermaid. Widgets and
Mermaid diagrams carry static renderings in the same output (see `handagent.views`), and the
MIME priority below picks those.

Not handled here: publishing (.github/workflows/book.yml), checking the pages (tests/browser).
"""

import re
from pathlib import Path

from docutils import nodes

ROOT = Path(__file__).parent.parent

# The one setting for links out: the repository on GitHub, as the README's Binder badge spells it.
REPOSITORY = "OWNER/handagent"
BINDER = f"https://mybinder.org/v2/gh/{REPOSITORY}/HEAD?urlpath=lab/tree/"

project = "handagent"
author = "the handagent authors"
copyright = "the handagent authors"
html_title = "handagent: how an LLM calls tools, built by hand"

extensions = ["myst_nb"]
root_doc = "README"
# Sphinx walks the whole source folder: prune what holds no page before matching.
exclude_patterns = [".*", "build", "src", "tests", "benchmarks", "binder", "artifacts", "**/.*"]
include_patterns = [
    "README.md",
    "README.zh-CN.md",
    "docs/instructors.md",
    "docs/glossary.md",
    "docs/models.md",
    "docs/models.zh-CN.md",
    "CONTRIBUTING.md",
    "notebooks/[0-9][0-9]_*.ipynb",
    "notebooks/zh-CN/[0-9][0-9]_*.ipynb",
]
templates_path = ["_templates"]
html_additional_pages = {"index": "redirect.html"}  # GitHub Pages opens index.html
suppress_warnings = [
    "myst.header",  # chapters start at a level-1 title and skip to ###
    "mystnb.unknown_mime_type",  # text/vnd.mermaid: its SVG beside it is drawn instead
]

nb_execution_mode = "off"
nb_ipywidgets_js = {}  # no require.js or widget embedding from a CDN
nb_mime_priority_overrides = [  # never the live views: their static renderings come next
    ("html", "application/vnd.jupyter.widget-view+json", None),
    ("html", "application/javascript", None),
]
myst_heading_anchors = 3
html_math_renderer = "source"  # see setup(): maths as its LaTeX source, never MathJax's CDN

html_theme = "sphinx_book_theme"
html_theme_options = {
    "repository_url": f"https://github.com/{REPOSITORY}",
    "repository_branch": "HEAD",
    "path_to_docs": "",
    "use_repository_button": True,
    "launch_buttons": {"binderhub_url": "https://mybinder.org", "notebook_interface": "jupyterlab"},
}
html_show_sourcelink = False


def chapters(folder: str) -> list[str]:
    """The chapters of one edition, in order. Example: "notebooks" -> ["notebooks/00_...", ...]"""
    return [f"{folder}/{p.stem}" for p in sorted((ROOT / folder).glob("[0-9][0-9]_*.ipynb"))]


def toctree(caption: str, docnames: list[str]) -> str:
    entries = "\n".join(docnames)
    return f"\n\n```{{toctree}}\n:hidden:\n:caption: {caption}\n\n{entries}\n```\n"


def front_page(app, docname: str, source: list[str]) -> None:
    """README.md as the front page: its badge as a plain link, and the book's contents."""
    if docname != root_doc:
        return
    # The badge is an image on mybinder.org: a page must load nothing, so a text link instead.
    badge = r"\[!\[Binder\]\([^)]*\)\]\(https://mybinder\.org/v2/gh/[^/]+/[^/]+/HEAD\?urlpath=lab/tree/([^)]*)\)"
    text = re.sub(badge, lambda m: f"[Launch on Binder (JupyterLab)]({BINDER}{m.group(1)})", source[0])
    parts = [toctree("Chapters", chapters("notebooks"))]
    if chapters("notebooks/zh-CN"):
        parts.append(toctree("中文版 (zh-CN)", ["README.zh-CN", *chapters("notebooks/zh-CN")]))
    parts.append(toctree("Appendix · 附录", ["docs/models", "docs/models.zh-CN"]))
    more = ["docs/instructors", "docs/glossary", "CONTRIBUTING"]
    parts.append(toctree("For instructors and contributors", more))
    source[0] = text + "".join(parts)


def math_as_source(self, node) -> None:
    """Maths drawn as its LaTeX source in <code>: MathJax would come from a CDN."""
    self.body.append(f'<code class="math">{self.encode(node.astext())}</code>')
    raise nodes.SkipNode


def setup(app):
    app.connect("source-read", front_page)
    app.add_html_math_renderer("source", (math_as_source, None), (math_as_source, None))
