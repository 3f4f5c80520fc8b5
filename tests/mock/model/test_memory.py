"""Tests for handagent.mock.model.memory: the memory tool's calls, as the scripted model makes
them, run by a client that answers in the docs' reference strings (docs: memory-tool)."""

from builders import tool

from handagent.mock.model.memory import remembering

MEMORY = {"type": "memory_20250818", "name": "memory"}
CLOCK = tool("get_time", "Read the clock: the current time.")
LISTING = ("Here're the files and directories up to 2 levels deep in {}, excluding hidden items "
           "and node_modules:\n4.0K\t{}\n")  # fmt: skip


class Store:
    """A client's memory handler, in memory, answering as the docs' reference handler does."""

    def __init__(self) -> None:
        self.files: dict[str, str] = {}

    def run(self, command: dict) -> str:
        path = command.get("path")
        if command["command"] == "view" and path == "/memories":
            return LISTING.format(path, path) + "".join(f"1.0K\t{p}\n" for p in self.files)
        if command["command"] == "view":
            lines = self.files[path].splitlines()
            numbered = [f"{n:6}\t{line}" for n, line in enumerate(lines, 1)]
            return f"Here's the content of {path} with line numbers:\n" + "\n".join(numbered)
        if command["command"] == "create":
            self.files[path] = command["file_text"]
            return f"File created successfully at: {path}"
        lines = self.files[path].splitlines(keepends=True)
        lines.insert(command["insert_line"], command["insert_text"])
        self.files[path] = "".join(lines)
        return f"The file {path} has been edited."


def converse(client, store: Store, question: str, tools=(MEMORY,), history=()) -> list:
    """Run the tool loop for one question; returns the whole history."""
    messages = [*history, {"role": "user", "content": question}]
    for _ in range(8):
        reply = client.messages.create(model="claude-haiku-5-5", max_tokens=300,
                                       tools=list(tools), messages=messages)  # fmt: skip
        content = [block.model_dump(exclude_none=True) for block in reply.content]
        messages.append({"role": "assistant", "content": content})
        calls = [b for b in content if b["type"] == "tool_use"]
        if not calls:
            return messages
        answers = [{"type": "tool_result", "tool_use_id": c["id"],
                    "content": store.run(c["input"]) if c["name"] == "memory" else "12:00"}
                   for c in calls]  # fmt: skip
        messages.append({"role": "user", "content": answers})
    raise AssertionError("the loop did not end")


def commands(messages: list) -> list[tuple]:
    return [(b["input"]["command"], b["input"].get("path")) for m in messages
            if m["role"] == "assistant" for b in m["content"] if b["type"] == "tool_use"
            and b["name"] == "memory"]  # fmt: skip


def said(messages: list) -> str:
    return " ".join(b["text"] for b in messages[-1]["content"] if b["type"] == "text")


def test_it_views_the_memory_first_then_writes_what_it_is_told_to_remember(client):
    # docs: "ALWAYS VIEW YOUR MEMORY DIRECTORY BEFORE DOING ANYTHING ELSE"
    store = Store()
    history = converse(client, store, "Remember that my favourite tea is jasmine.")
    assert commands(history) == [("view", "/memories"), ("create", "/memories/notes.md")]
    assert store.files == {"/memories/notes.md": "- my favourite tea is jasmine\n"}
    assert said(history) == "Noted in my memory: my favourite tea is jasmine."


def test_a_second_fact_goes_after_the_first_and_a_later_question_reads_it_back(client):
    store = Store()
    converse(client, store, "Remember that my favourite tea is jasmine.")
    history = converse(client, store, "Also remember that I live in Lyon.")
    assert commands(history)[-2:] == [("view", "/memories/notes.md"),
                                      ("insert", "/memories/notes.md")]  # fmt: skip
    assert store.files["/memories/notes.md"].splitlines() == [
        "- my favourite tea is jasmine", "- I live in Lyon"]  # fmt: skip
    asked = converse(client, store, "Which tea do I like?")
    assert said(asked) == "From my memory: - my favourite tea is jasmine"


def test_with_other_tools_it_checks_its_memory_then_does_the_job(client):
    history = converse(client, Store(), "What time is it?", tools=(MEMORY, CLOCK))
    assert commands(history) == [("view", "/memories")]
    assert said(history) == "get_time says: 12:00."


def test_without_the_memory_tool_the_brain_is_asked_as_it_is():
    request = {"tools": [CLOCK], "messages": [{"role": "user", "content": "Hi"}]}
    assert remembering(lambda body: [{"type": "text", "text": "same"}])(request) == [
        {"type": "text", "text": "same"}
    ]
