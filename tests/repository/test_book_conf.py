"""docs/conf.py builds the book the series promises: README first, chapters in order, offline."""

import runpy
from pathlib import Path

import pytest
from myst_nb.core.render import get_mime_priority
from paths import ROOT

CONF = runpy.run_path(str(ROOT / "docs" / "conf.py"))
README = (ROOT / "README.md").read_text()


def front_page(root: Path | None = None, monkeypatch=None) -> str:
    if root is not None:
        monkeypatch.setitem(CONF["front_page"].__globals__, "ROOT", root)
    source = [README]
    CONF["front_page"](None, "README", source)
    return source[0]


def test_the_chapters_are_every_numbered_notebook_in_order():
    names = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert CONF["chapters"]("notebooks") == [f"notebooks/{n}" for n in names]
    assert CONF["root_doc"] == "README" and CONF["nb_execution_mode"] == "off"


def test_the_front_page_gets_the_contents_and_a_zh_cn_part_only_when_the_folder_exists(
    tmp_path, monkeypatch
):
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "00_hello_model.ipynb").write_text("{}")
    assert ":caption: Chapters\n\nnotebooks/00_hello_model\n" in front_page(tmp_path, monkeypatch)
    assert ":caption: 中文版" not in front_page(tmp_path, monkeypatch)
    (tmp_path / "notebooks" / "zh-CN").mkdir()
    (tmp_path / "notebooks" / "zh-CN" / "00_hello_model.ipynb").write_text("{}")
    zh_part = "\nREADME.zh-CN\nnotebooks/zh-CN/00_hello_model\n```"
    assert zh_part in front_page(tmp_path, monkeypatch)


def test_the_readme_badge_becomes_a_text_link_built_from_the_one_repository_setting():
    page = front_page()
    assert "badge_logo.svg" not in page and "https://mybinder.org/badge" not in page
    link = f"[Launch on Binder (JupyterLab)]({CONF['BINDER']}notebooks/00_hello_model.ipynb)"
    assert link in page and CONF["REPOSITORY"] in CONF["BINDER"]


@pytest.mark.parametrize(
    "bundle, chosen",
    [
        (["application/vnd.jupyter.widget-view+json", "text/html", "text/plain"], "text/html"),
        (["text/vnd.mermaid", "image/svg+xml", "text/plain"], "image/svg+xml"),
        (["text/vnd.mermaid", "text/plain"], "text/plain"),
    ],
)
def test_myst_nb_picks_the_static_rendering_of_every_view(bundle, chosen):
    priority = get_mime_priority("html", CONF["nb_mime_priority_overrides"])
    assert min(bundle, key=lambda m: priority.index(m) if m in priority else 99) == chosen
