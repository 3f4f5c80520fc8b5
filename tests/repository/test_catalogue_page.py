"""docs/models.md and docs/models.zh-CN.md, the book's appendix on models, are what
docs/catalogue.py writes from the catalogue today: a change to a row shows on the pages."""

import runpy

import pytest
from paths import ROOT

from handagent.api import models

CATALOGUE = runpy.run_path(str(ROOT / "docs" / "catalogue.py"))


@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_the_page_is_what_the_catalogue_writes_today(language):
    path = CATALOGUE["PAGES"][language]
    assert path.read_text(encoding="utf-8") == CATALOGUE["page"](language), (
        f"{path.name} is stale: run .venv/bin/python docs/catalogue.py"
    )


@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_every_served_model_has_a_row_in_each_table_and_its_prices(language):
    page = CATALOGUE["page"](language)
    for row in models.served():
        assert page.count(f"| `{row.id}` |") == 3  # prices, rules, the tool-use prompt
        prices = f"| `{row.id}` | {row.lifecycle} | {row.prices.input:g} | {row.prices.output:g} |"
        assert prices in page


def test_an_estimated_fact_is_marked_and_explained():
    page = CATALOGUE["page"]("en")
    estimated = [row for row in models.served() if row.tool_prompt_estimated]
    assert estimated and all(f"`{row.id}`: " in page for row in estimated)
    assert page.count("| estimate |") == len(estimated)


def test_the_book_takes_both_pages_and_the_chapters_link_them():
    conf = (ROOT / "docs" / "conf.py").read_text()
    assert '"docs/models.md"' in conf and '"docs/models.zh-CN.md"' in conf
    for edition, target in (
        ("notebooks", "../docs/models.md"),
        ("notebooks/zh-CN", "../../docs/models.zh-CN.md"),
    ):
        for chapter in ("00_hello_model", "01_tools_menu"):
            assert f"]({target})" in (ROOT / edition / f"{chapter}.ipynb").read_text()
