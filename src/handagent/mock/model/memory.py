"""The memory tool, as the mock model uses it: view the memory first, write what it is told to
remember, read back what bears on the question (docs: memory-tool).

With `{"type": "memory_20250818", "name": "memory"}` on the menu the API tells the model
"ALWAYS VIEW YOUR MEMORY DIRECTORY BEFORE DOING ANYTHING ELSE", so, since the latest request:

    1. no `view` of /memories yet          -> {"command": "view", "path": "/memories"}
    2. "remember that ...", "记住 ..."       -> the fact into /memories/notes.md: `create` when the
                                              listing lacks it, else `view` it, then `insert`
                                              after its last line; then it says it will remember
    3. otherwise, files the listing shows   -> `view` each whose name shares a word with the
       whose names fit the request             request (notes.md always), then the model
                                              answers as it would without memory; when it
                                              has no better answer, the lines that share a
                                              word with the request ("From memory: ...")

The client runs each command and answers in a `tool_result`, in the docs' reference strings
("Here're the files and directories up to 2 levels deep in /memories ...", "Here's the content
of /memories/notes.md with line numbers:"), which is what this reads back; any other answer
(an error, a store of its own) reads as an empty memory. Memory blocks are then out of what the
rest of the model reads (`wrapped` brain).

    remembering(respond)({"tools": [memory], "messages": [user("Remember that I like tea.")]})
    -> [text "Let me check my memory first.", tool_use memory {"command": "view", "path":
        "/memories"}]

Not handled here: `str_replace`, `delete`, `rename` (the mock only adds), recording progress
("ASSUME INTERRUPTION"), images in memory, the warning context editing gives before it clears.
"""

import re

from ...api.shapes import blocks_of, turns
from . import phrases
from .brain import Brain
from .lexicon import terms

ROOT, NOTES = "/memories", "/memories/notes.md"
REMEMBER = re.compile(
    r"\b(?:remember|don'?t forget|do not forget|note down|keep in mind|memori[sz]e)\b"
    r"(?:\s+that)?[\s:,]+(.+)|(?:记住|记得|别忘了)[：:，,\s]*(.+)", re.I | re.S
)  # fmt: skip
LISTING_LINE = re.compile(r"^\S+\t(/memories/\S+)$", re.M)  # "1.5K\t/memories/notes.md"
NUMBERED = re.compile(r"^ *\d+\t(.*)$", re.M)  # "     1\tHello World"


def remembering(brain: Brain) -> Brain:
    """The brain, using the memory tool when the request offers one."""

    def respond(request: dict) -> list[dict]:
        tools = request.get("tools") or []
        if not any(_is_memory(t) for t in tools) or (request.get("tool_choice") or {}).get(
            "type"
        ) in ("none", "tool"):  # fmt: skip
            return brain(request)
        text, since = _asked(request)
        lang = phrases.language(request.get("system"), text)
        done = _memory_calls(since)
        if not text or ROOT not in done.get("view", {}):
            return _call(lang, "memory_check", {"command": "view", "path": ROOT})
        listed = LISTING_LINE.findall(done["view"][ROOT])
        fact = REMEMBER.search(text)
        if fact:
            return _remember(next(g for g in fact.groups() if g).strip(" .。"), listed, done, lang)
        wanted = [p for p in listed if p == NOTES or terms(_stem(p)) & terms(text)]
        for path in wanted:
            if path not in done["view"]:
                return _call(lang, "memory_check", {"command": "view", "path": path})
        said = brain(_without_memory(request))
        lines = [line for p in wanted for line in NUMBERED.findall(done["view"][p])
                 if terms(line) & terms(text)]  # fmt: skip
        if lines and all(b.get("type") == "text" for b in said):
            joined = ("；" if lang == "zh" else "; ").join(lines)  # Chinese takes its own semicolon
            return [{"type": "text", "text": phrases.say("recalled", lang, joined)}]
        return said

    return respond


def _is_memory(tool: object) -> bool:
    return isinstance(tool, dict) and str(tool.get("type", "")).startswith("memory_")


def _stem(path: str) -> str:
    """Example: "/memories/customer_prefs.xml" -> "customer prefs" """
    return re.sub(r"[_\-.]+", " ", path.rsplit("/", 1)[-1].rsplit(".", 1)[0])


def _asked(request: dict) -> tuple[str, list[dict]]:
    """The latest user text that is not a tool result, and every block since it."""
    messages = request.get("messages") or []
    grouped = turns(messages)
    for number in range(len(grouped) - 1, -1, -1):
        found = [b for i in grouped[number] for b in blocks_of(messages[i])]
        text = " ".join(b.get("text", "") for b in found if b.get("type") == "text").strip()
        if messages[grouped[number][0]]["role"] == "user" and text and not any(
            b.get("type") == "tool_result" for b in found
        ):  # fmt: skip
            later = [
                b for turn in grouped[number + 1 :] for i in turn for b in blocks_of(messages[i])
            ]
            return text, later
    return "", []


def _memory_calls(since: list[dict]) -> dict[str, dict[str, str]]:
    """command -> path -> what the client answered. Example: {"view": {"/memories": "..."}}"""
    answers = {b.get("tool_use_id"): b for b in since if b.get("type") == "tool_result"}
    done: dict[str, dict[str, str]] = {}
    for block in since:
        if block.get("type") != "tool_use" or block.get("name") != "memory":
            continue
        args = block.get("input") or {}
        answer = answers.get(block.get("id"), {})
        content = answer.get("content", "")
        if isinstance(content, list):
            content = "\n".join(str(b.get("text", "")) for b in content if isinstance(b, dict))
        said = "" if answer.get("is_error") else str(content)
        done.setdefault(str(args.get("command")), {})[str(args.get("path"))] = said
    return done


def _remember(fact: str, listed: list[str], done: dict, lang: str) -> list[dict]:
    if "create" in done or "insert" in done:
        return [{"type": "text", "text": phrases.say("remembered", lang, fact)}]
    if NOTES not in listed:
        return _call(lang, "memory_write", {"command": "create", "path": NOTES,
                                            "file_text": f"- {fact}\n"})  # fmt: skip
    if NOTES not in done.get("view", {}):
        return _call(lang, "memory_check", {"command": "view", "path": NOTES})
    lines = NUMBERED.findall(done["view"][NOTES])
    last = len(lines) - (1 if lines and not lines[-1] else 0)  # a final newline: no line after it
    insert = {"command": "insert", "path": NOTES, "insert_line": last, "insert_text": f"- {fact}\n"}
    return _call(lang, "memory_write", insert)


def _call(lang: str, lead: str, command: dict) -> list[dict]:
    return [{"type": "text", "text": phrases.say(lead, lang)},
            {"type": "tool_use", "name": "memory", "input": command}]  # fmt: skip


def _without_memory(request: dict) -> dict:
    """The request as the rest of the model reads it: no memory tool, calls or results."""
    ids = {b.get("id") for m in request.get("messages") or [] for b in blocks_of(m)
           if b.get("type") == "tool_use" and b.get("name") == "memory"}  # fmt: skip
    messages = []
    for message in request.get("messages") or []:
        kept = [b for b in blocks_of(message) if b.get("id") not in ids
                and b.get("tool_use_id") not in ids]  # fmt: skip
        if kept:
            messages.append({**message, "content": kept})
    tools = [t for t in request.get("tools") or [] if not _is_memory(t)]
    return {**request, "messages": messages, "tools": tools}
