"""The book's appendix on models, written from the catalogue (`handagent.api.models`) by code.

    .venv/bin/python docs/catalogue.py          # writes docs/models.md and docs/models.zh-CN.md
    .venv/bin/python docs/catalogue.py --check  # exits 1 if either page is not what it would write

Chapters 00 and 01 show a learner only the model they are on; every other fact about every
model (prices, thinking, forced tool choice, limits, the hidden tool-use prompt, what could not
be confirmed, the sources) is on these pages. tests/repository/test_catalogue_page.py fails when
a page is not current: change the catalogue, then run this script.

Not handled here: retired models (a request naming one gets a 404; they are listed by id only),
the Models API's own fields (chapter 00 shows them).
"""

import sys
from pathlib import Path

from handagent.api import models

DOCS = Path(__file__).resolve().parent
PAGES = {"en": DOCS / "models.md", "zh-CN": DOCS / "models.zh-CN.md"}

WORDS = {
    "en": {
        "title": "Appendix · The model catalogue",
        "intro": (
            "Every fact about a model that the series uses is kept in one place, the catalogue "
            "`handagent.api.models`: one row per model, dated, with its sources, and a list of "
            "what could not be confirmed. The mock, the request checks, the token estimates and "
            "the cost meter all read it. This page is written from it by `docs/catalogue.py` "
            "(a test fails when the page is stale). Chapters 00 and 01 show only the model you "
            "are on; this page has the rest, for every model a request may name today."
        ),
        "as_of": "As of {day}. The series' default model: `{default}` (the cheapest current one).",
        "marks": (
            "A `?` marks a fact the catalogue could not confirm; the list at the end says what "
            "was assumed instead."
        ),
        "prices": "Prices",
        "prices_note": (
            "US dollars per million tokens, standard tier. A cache write costs more than input, "
            "a cache read much less (prompt caching); a prefix shorter than the model's minimum "
            "is not cached. A request whose prompt is longer than the long-prompt threshold pays "
            "the long-prompt prices, input / output, for every token."
        ),
        "price_head": [
            "model",
            "lifecycle",
            "input",
            "output",
            "cache write 5 min",
            "cache write 1 h",
            "cache read",
            "shortest cached prefix",
            "long prompt",
        ],
        "rules": "Thinking, tool choice and limits",
        "rules_note": (
            "*thinks* is what a request that says nothing about `thinking` gets; *thinking types* "
            "are what `thinking.type` may be. *forced* is whether `tool_choice` may force a "
            "call (`any` or `tool`); the series never forces one. *context* and *max output* "
            "are in tokens."
        ),
        "rules_head": [
            "model",
            "thinks",
            "thinking types",
            "forced",
            "prefill",
            "context",
            "max output",
        ],
        "tools": "The hidden tool-use prompt",
        "tools_note": (
            "When `tools` is not empty the API adds a system prompt of its own, paid as input "
            "on every request (chapter 01, section 5). Its size in tokens, when the model may "
            "choose (`auto`, `none`) and when a call is forced (`any`, `tool`). An *estimate* "
            "is borrowed from the nearest model with a documented size."
        ),
        "tools_head": ["model", "auto / none", "any / tool", "how known"],
        "documented": "documented",
        "estimate": "estimate",
        "unconfirmed": "Not confirmed",
        "unconfirmed_note": "What each row assumes where the sources are silent:",
        "sources": "Sources",
        "retired": "Retired (a request naming one gets a 404): {ids}.",
        "yes": "yes",
        "no": "no",
        "none": "none",
        "above": "above {tokens}: {prices}",
    },
    "zh-CN": {
        "title": "附录 · 模型目录",
        "intro": (
            "这个系列用到的每一条模型事实，都放在一个地方：目录 `handagent.api.models`。"
            "每个模型一行，注明日期和来源，还列出了没能确认的事。"
            "mock、请求检查、token 估算和费用表都读它。"
            "本页由 `docs/catalogue.py` 从目录生成（页面过期时有测试会失败）。"
            "第 00 章和第 01 章只给出你正在用的模型；"
            "其余的都在这一页，覆盖今天请求里能写的每个模型。"
        ),
        "as_of": "截至 {day}。系列的默认模型：`{default}`（当前最便宜的模型）。",
        "marks": "`?` 表示目录没能确认的事实；文末的列表写明了改用什么假设。",
        "prices": "价格",
        "prices_note": (
            "单位：每百万 token 的美元价格，标准档。"
            "写缓存比普通输入贵，读缓存便宜得多（提示缓存）；"
            "比模型的最短长度还短的前缀不会被缓存。提示超过长提示阈值的请求，"
            "每个 token 都按长提示价格（输入 / 输出）计费。"
        ),
        "price_head": [
            "模型",
            "生命周期",
            "输入",
            "输出",
            "写缓存 5 分钟",
            "写缓存 1 小时",
            "读缓存",
            "可缓存的最短前缀",
            "长提示",
        ],
        "rules": "思考、工具选择和上限",
        "rules_note": (
            "*默认思考*：请求没提 `thinking` 时得到什么；"
            "*thinking 类型*：`thinking.type` 可以取的值。"
            "*强制*：`tool_choice` 能不能强制调用（`any` 或 `tool`）；这个系列从不强制。"
            "*上下文*和*最大输出*以 token 计。"
        ),
        "rules_head": ["模型", "默认思考", "thinking 类型", "强制", "预填", "上下文", "最大输出"],
        "tools": "隐藏的工具使用提示",
        "tools_note": (
            "`tools` 不为空时，API 会加上一段自己的系统提示，"
            "每次请求都按输入计费（第 01 章第 5 节）。"
            "下表是它的 token 数："
            "模型可以自己选（`auto`、`none`）时，和强制调用（`any`、`tool`）时。"
            "*估计*的数字借自最接近的、有文档记载的模型。"
        ),
        "tools_head": ["模型", "auto / none", "any / tool", "来源"],
        "documented": "文档记载",
        "estimate": "估计",
        "unconfirmed": "没能确认的事",
        "unconfirmed_note": "来源没有说明的地方，每一行的假设：",
        "sources": "来源",
        "retired": "已退役（请求里写它会得到 404）：{ids}。",
        "yes": "是",
        "no": "否",
        "none": "无",
        "above": "超过 {tokens}：{prices}",
    },
}


def _fact(row: models.Model, name: str, words: dict) -> str:
    """A yes/no cell, with "?" where the row marks the fact unconfirmed. Example: "yes?" """
    unsure = any(note.startswith(name) for note in row.unconfirmed)
    return words["yes" if getattr(row, name) else "no"] + ("?" if unsure else "")


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return lines + ["| " + " | ".join(cells) + " |" for cells in rows]


def _money(value: float) -> str:
    return f"{value:g}"


def _source(source: str) -> str:
    return f"<{source}>" if source.startswith("https://") else f"`{source}`"


def page(language: str) -> str:
    """The appendix in one language, as Markdown. Example: "en" -> "# Appendix · The model ..." """
    words, rows = WORDS[language], models.served()
    out = [f"# {words['title']}", "", words["intro"], ""]
    out += [words["as_of"].format(day=models.AS_OF.isoformat(), default=models.DEFAULT), ""]
    out += [words["marks"], "", f"## {words['prices']}", "", words["prices_note"], ""]
    priced = []
    for row in rows:
        p = row.prices
        long = p.long_prompt
        above = words["none"]
        if long and p.long_prompt_above:
            above = words["above"].format(
                tokens=f"{p.long_prompt_above:,}", prices=f"{long.input:g} / {long.output:g}"
            )
        cells = [p.input, p.output, p.cache_write_5m, p.cache_write_1h, p.cache_read]
        minimum = f"{row.cache_minimum:,}"
        priced.append([f"`{row.id}`", row.lifecycle, *map(_money, cells), minimum, above])
    out += _table(words["price_head"], priced)
    out += ["", f"## {words['rules']}", "", words["rules_note"], ""]
    out += _table(
        words["rules_head"],
        [
            [
                f"`{row.id}`",
                _fact(row, "thinks_by_default", words),
                ", ".join(f"`{t}`" for t in sorted(row.thinking_types)),
                _fact(row, "forced_tool_choice", words),
                _fact(row, "prefill", words),
                f"{row.context_window:,}",
                f"{row.max_output_tokens:,}",
            ]
            for row in rows
        ],
    )
    out += ["", f"## {words['tools']}", "", words["tools_note"], ""]
    how = {False: words["documented"], True: words["estimate"]}
    out += _table(
        words["tools_head"],
        [
            [f"`{row.id}`", *map(str, row.tool_prompt_tokens), how[row.tool_prompt_estimated]]
            for row in rows
        ],
    )
    out += ["", f"## {words['unconfirmed']}", "", words["unconfirmed_note"], ""]
    for row in rows:
        out += [f"- `{row.id}`: " + "; ".join(row.unconfirmed) for _ in [0] if row.unconfirmed]
    out += ["", f"## {words['sources']}", ""]
    out += [f"- `{row.id}`: " + ", ".join(map(_source, row.sources)) for row in rows]
    retired = [f"`{m.id}`" for m in models.MODELS if not m.served]
    return "\n".join([*out, "", words["retired"].format(ids=", ".join(retired)), ""])


def main(argv: list[str]) -> int:
    stale = [
        path
        for language, path in PAGES.items()
        if not path.is_file() or path.read_text(encoding="utf-8") != page(language)
    ]
    if "--check" in argv:
        for path in stale:
            print(f"{path.name} is stale: run .venv/bin/python docs/catalogue.py")
        return 1 if stale else 0
    for language, path in PAGES.items():
        path.write_text(page(language), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
