"""How well each tool on a menu fits a clause: the brain's way of choosing a tool.

Each tool is read into weighted terms (`lexicon.terms`): its name (split on `_`, `-` and
camelCase) weighs most, then its description and any system-prompt sentence naming it, then its
parameters' names and enum values, then their descriptions; a synonym group's word counts
double. A clause scores the weight it shares with a tool (a term several tools share counts
less when ranking), plus bonuses: the tool named outright, a value the tool requires (a path,
an email, an id shaped like its description's example). A question halves the rank of a tool
that changes things unless the clause says so ("What's on my calendar?" looks, it does not
create).

Not handled here: deciding what to call (see `brain`), filling arguments (see `arguments`).
"""

import json
import re
from collections import Counter
from functools import partial

from .arguments import kinds_required
from .evidence import read
from .lexicon import SYNONYMS, WEAK, remembered, stem, terms, words

MENUS = 64  # menus whose profiles are kept (`Menu`)
THRESHOLD = 1.0  # least shared weight for a tool to be chosen: one word of its description
ALONE = 2.0  # least for a piece to be a request of its own: a topic word, or a name word
NAMED = 10.0  # a tool named outright in the clause
# a required property of this kind, and a value of that kind in the clause ("/etc/hosts" -> path)
AFFINITY = {"emails": 2, "urls": 2, "paths": 2, "phones": 2, "usernames": 2, "ids": 1.5,
            "dates": 0.5, "times": 0.5}  # fmt: skip
SHAPE = 2.0  # an id shaped like the example in a property's description: "TCK-2002", "TCK-1001"
CHANGES = {"create", "delete", "update", "write", "send", "play", "draw", "run", "refund"}
ASKER = re.compile(
    r"\b(?:the|a|your) users?(?=\s+(?:asks?|wants?|needs?|says?|mentions?|requests?"
    r"|types?|gives?|is|has)\b)|用户问|用户",
    re.I,
)  # the chat's user, not a topic
LOOKUP = {"search", "article", "web", "define", "news"}  # terms of a tool that looks things up
QUESTION = re.compile(r"^\W*(?:what|who|whom|whose|where|when|which|why|how|is|are|was|were|do|"
                      r"does|did|can|could|will|would|tell me about|explain)\b|[?？吗呢]|什么|谁|哪"
                      r"|多少|怎么|为什么", re.I)  # fmt: skip


def profile(tool: dict, system: str, topic_only: bool = False) -> dict[str, float]:
    """A tool's terms and their weights; `topic_only`: from its name and description alone.

    Example: get_weather -> {"weather": 6.0, "city": 1.0}
    """
    weights: dict[str, float] = {}
    schema = json.dumps(tool.get("input_schema") or {}, default=str)
    numeric = '"number"' in schema or '"integer"' in schema  # "add" sums only for a numbers tool

    def add(text: object, weight: float) -> None:
        for term in terms(str(text), numeric=True, also=not numeric):
            weight_here = weight * (2 if term in SYNONYMS else 1)
            plural = term not in SYNONYMS and stem(term) != term  # "tables" beside "tabl"
            weight_here /= 2 if term in WEAK or plural else 1
            weights[term] = max(weights.get(term, 0), weight_here)

    naming = [s for s in re.split(r"(?<=[.!?。\n])", system) if tool["name"] in s]
    add(" ".join(words(tool["name"])), 3)
    add(ASKER.sub(" ", f"{tool.get('description', '')} {' '.join(naming)}"), 1)
    stack = [] if topic_only else [tool.get("input_schema") or {}]
    while stack:  # every property, nested ones too
        schema = stack.pop()
        for name, prop in (
            (schema.get("properties") or {}).items() if isinstance(schema, dict) else ()
        ):
            prop = prop if isinstance(prop, dict) else {}
            add(" ".join(words(name)), 1)
            add(prop.get("description", ""), 0.5)
            add(
                " ".join(map(str, prop.get("enum") or (prop.get("items") or {}).get("enum") or [])),
                1,
            )
            stack += [prop, prop.get("items") if isinstance(prop.get("items"), dict) else {}]
    return weights


class Menu:
    """The tools with their profiles, scored against a clause.

    Every request of a conversation sends its menu again: what was read of the last `MENUS`
    menus (by their JSON, in the order it was written, and the system prompt) is kept, and
    only read here."""

    def __init__(self, tools: list[dict], system: str) -> None:
        self.tools, self.system = tools, system
        read = _read(json.dumps(tools, default=str), system)
        self.profiles, self.topics, self.spread, self.kinds, self.names, self.changes = read

    def best(self, clause: str, words_only: bool = False) -> tuple[float, dict | None]:
        """The raw score and tool for a clause; ties go to the tool listed first."""
        ranked = self.ranked(clause, words_only)
        return (ranked[0][1], ranked[0][2]) if ranked else (0.0, None)

    def ranked(self, clause: str, words_only: bool = False) -> list[tuple[float, float, dict]]:
        """(rank, raw score, tool) for every tool, best first; `words_only`: only the words of
        its name and description count, no values, parameters or names."""
        wanted, ranked, seen = terms(clause), [], read(clause)
        profiles = self.topics if words_only else self.profiles
        shapes = {_shape(i) for i in seen["ids"]}
        asking = bool(QUESTION.search(clause))
        for i, profile in enumerate(profiles):
            shared = wanted & profile.keys()
            named = NAMED if self.names[i].search(clause) else 0
            kinds, examples = self.kinds[i]
            bonus = named + sum(AFFINITY.get(k, 0) for k in kinds if seen[k])
            bonus += SHAPE if shapes & {_shape(e) for e in examples} - {""} else 0
            bonus = 0 if words_only else bonus
            raw = sum(profile[t] for t in shared) + bonus
            rank = sum(profile[t] / self.spread[t] for t in shared) + bonus
            changes = self.changes[i]
            if asking and changes and not changes & wanted:
                rank /= 2  # "What's on my calendar?" looks, it does not create
            ranked.append((rank, raw, -i))
        return [(rank, raw, self.tools[-i]) for rank, raw, i in sorted(ranked, reverse=True)]

    def lookup(self) -> dict | None:
        """The tool a question no tool matches goes to: one that looks things up."""
        named = [t for t in self.tools if t["name"] in self.system]
        fits = [t for t, p in zip(self.tools, self.profiles, strict=True) if LOOKUP & p.keys()]
        return (fits + named or [None])[0]


@partial(remembered, chars=100_000, size=MENUS)
def _read(tools_json: str, system: str) -> tuple[list, list, Counter, list, list, list]:
    """A menu's profiles, its topics' profiles, how many tools share each term, the kinds and
    example ids of each tool's required properties, the pattern of each tool's name said
    outright, and what each tool changes by its name's terms."""
    tools = json.loads(tools_json)
    profiles = [profile(tool, system) for tool in tools]
    topics = [profile(tool, system, topic_only=True) for tool in tools]
    spread = Counter(term for found in profiles for term in found)
    kinds = [kinds_required(tool.get("input_schema")) for tool in tools]
    names = [re.compile(rf"(?<![\w-]){re.escape(tool['name'])}(?![\w-])", re.I) for tool in tools]
    changes = [CHANGES & terms(" ".join(words(tool["name"]))) for tool in tools]
    return profiles, topics, spread, kinds, names, changes


def _shape(value: str) -> str:
    """An id's letters and separators. Example: "TCK-2002" -> "TCK-"; "1042" -> ""."""
    return re.sub(r"\d+.*", "", value) if re.search(r"\d", value) else ""
