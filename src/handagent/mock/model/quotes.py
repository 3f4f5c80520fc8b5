"""How the mock model quotes the tool results it was given: each as it came back, in one line.

    quote_results([result "6912" of add], ...) -> "add says: 6912."
    a result of 300 lines                      -> "check_stock says: <its first line> (and 299
                                                  more lines)."
    the same in Chinese                        -> "check_stock 返回“<its first line>”（后面还有
                                                  299 行）。"

A model reports a long result rather than repeating it, so a result of more than `WHOLE_LINES`
lines is quoted by its first line, and one long line is cut at `WHOLE_CHARS` characters.
    part({"type": "tool_reference", "tool_name": "get_rate"}) -> "get_rate"

A result's blocks are read as a model would see them: text as text; a `tool_reference` (a
client's own tool search, docs: tool-search-tool) as the tool it loads, which the API expands
into that tool's definition; anything else by its kind ("[image]", "[document]").

Not handled here: what to say without results (`brain`, `phrases`), images' contents.
"""

from . import phrases

WHOLE_LINES, WHOLE_CHARS = 5, 500  # longer than this, a result is quoted by its beginning


def part(block: dict) -> str:
    """One block of a result as the model reads it. Example: an image -> "[image]"."""
    if block.get("type") == "tool_reference":
        return str(block.get("tool_name"))
    if block.get("type") == "text":
        return str(block.get("text", ""))
    return f"[{block.get('type', 'image')}]"


def quote_results(results: list[dict], calls: dict, lang: str, turn_of: dict) -> str:
    """The results quoted as they came back. Example: add -> "6912" gives "add says: 6912."."""
    items = []
    for result in results:
        content = result.get("content") or ""
        if isinstance(content, list):
            content = "\n".join(part(b) for b in content if isinstance(b, dict))
        name = calls.get(result.get("tool_use_id"), {}).get("name", "tool")
        error = bool(result.get("is_error"))
        items.append((name, content.strip(), error, turn_of[id(result)]))
    lines = []
    for name, content, error, turn in items:
        if error and any(n == name and not e and t > turn for n, _, e, t in items):
            continue  # retried in a later turn, and that call succeeded
        if not content:
            said = phrases.say("empty", lang)  # "(no output)" is ours: not quoted
        elif error:
            said = phrases.quoted(content.splitlines()[0].rstrip(":："), lang)
        else:
            said = _opening(content, lang)
        lines.append(
            phrases.sentence(phrases.say("error" if error else "says", lang, name, said), lang)
        )
    return ("" if lang in ("zh", "ja") else " ").join(dict.fromkeys(lines))


def _opening(content: str, lang: str) -> str:
    """A long result's beginning. Example: 300 lines -> "<line 1> (and 299 more lines)"."""
    lines = content.splitlines()
    if len(lines) > WHOLE_LINES:
        return phrases.say("more_lines", lang, phrases.quoted(_cut(lines[0]), lang), len(lines) - 1)
    return phrases.quoted(_cut(content), lang)


def _cut(text: str) -> str:
    return text if len(text) <= WHOLE_CHARS else text[:WHOLE_CHARS].rstrip() + "…"
