"""Chapter 13 exercise: a tool search of your own, run on questions whose right tools are known.

The learner writes `search(query, tools)`: `tools` is the deferred menu (chapter 13's 106 menu
entries, each with `defer_loading: true`), the answer the names of the tools that fit the query,
best first, at most five, as the program would put them in `tool_reference` blocks.
`check_search` asks it each question of `CASES` and names every miss with what it suggests the
search left out: lower case, the arguments' descriptions, words weighed by how rare they are,
names split into words, the best match first, nothing for a query that shares no word with any
tool; and every answer that is not a list of at most five distinct names from the menu. The
package's own search, `runtime.tool_index.ranked`, passes.

Hints follow the edition's language, `handagent.language`.

Not handled here: how good a ranking is beyond these questions (a search may find more than
these ask), speed.
"""

from ..apps.shop_database import open_shop
from ..apps.toolbox import toolbox
from ..language import pick
from . import Verdict, attempt
from .questions.ch13 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck

EXERCISE = ("13 · a tool search of your own", "13 · 自己写一个工具搜索")
LIMIT = 5  # the API's own search: "up to 5 by default"

# (query, the tool it must find, must it come first, what a miss suggests in English, in Chinese)
CASES = (
    ("weather in Paris", "get_weather", True,
     "the best match first: rank by how well each tool fits", "最匹配的排第一：按匹配程度排序"),
    ("WEATHER IN OSLO", "get_weather", False,
     "compare in lower case: the query's words and the tools' alike",
     "统一成小写再比较：查询的词和工具的词都要"),
    ("tracking number 1Z999", "get_shipment", False,
     "read the arguments' descriptions too: only get_shipment's argument says tracking number",
     "也要读参数的描述：只有 get_shipment 的参数写着 tracking number"),
    ("cancel the flight of a business trip", "cancel_trip", False,
     "score each word of the query, a rare word more than a common one (cancel, the, a are "
     "everywhere), and keep the best five",
     "给查询里的每个词打分，少见的词比常见的词分高（cancel、the、a 到处都有），留下最好的五个"),
    ("is the book in stock", "check_stock", False,
     "split a tool's name into its words: check_stock is check and stock",
     "把工具名拆成词：check_stock 是 check 和 stock"),
    ("zebra crossing", None, False,
     "a query that shares no word with any tool finds nothing: return []",
     "和任何工具都没有共同词的查询什么也找不到：返回 []"),
)  # fmt: skip


def deferred_menu() -> list[dict]:
    """The chapter's 106 tools as the search sees them: menu entries with defer_loading."""
    return [{**tool.menu_entry(), "defer_loading": True} for tool in toolbox(open_shop())]


def _shape(found: object, names: set[str]) -> tuple[str, str] | None:
    """What is wrong with the answer's shape, in English and Chinese, or None."""
    if not isinstance(found, list) or not all(isinstance(n, str) for n in found):
        return (f"returned {found!r:.60}, not a list of tool names",
                f"返回的是 {found!r:.60}，不是工具名的列表")  # fmt: skip
    if len(found) > LIMIT:
        return (f"returned {len(found)} names: at most {LIMIT}, the best first",
                f"返回了 {len(found)} 个名字：最多 {LIMIT} 个，最好的在前")  # fmt: skip
    if len(set(found)) < len(found):
        return "named a tool twice", "同一个工具出现了两次"
    strange = [n for n in found if n not in names]
    if strange:
        return (f"named {strange[0]!r}, which is not on the menu",
                f"给出的 {strange[0]!r} 不在菜单上")  # fmt: skip
    return None


def check_search(learner_search) -> Verdict:
    """Run the learner's search(query, tools) on every case; name each miss and its likely cause."""
    menu = deferred_menu()
    names = {tool["name"] for tool in menu}
    problems = []
    for query, right, first, english, chinese in CASES:
        found, raised = attempt(learner_search, query, [dict(t) for t in menu])
        if raised:
            problems.append(pick(f"{query!r}: {raised}", f"{query!r}：{raised}"))
            continue
        wrong = _shape(found, names)
        if wrong:
            problems.append(pick(f"{query!r}: {wrong[0]}", f"{query!r}：{wrong[1]}"))
        elif right is None and found:
            problems.append(pick(f"{query!r}: found {found}; {english}", f"{query!r}：找到了 "
                                 f"{found}；{chinese}"))  # fmt: skip
        elif right is not None and right not in found:
            problems.append(pick(f"{query!r}: missed {right}; {english}",
                                 f"{query!r}：漏掉了 {right}；{chinese}"))  # fmt: skip
        elif first and found[0] != right:
            problems.append(pick(f"{query!r}: {right} came at place {found.index(right) + 1}; "
                                 f"{english}", f"{query!r}：{right} 排在第 "
                                 f"{found.index(right) + 1} 位；{chinese}"))  # fmt: skip
    return Verdict(pick(*EXERCISE), tuple(problems))
