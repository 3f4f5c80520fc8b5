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


def ask(text: str, *history, tools=(MEMORY,), **extra) -> dict:
    return {"model": "claude-haiku-5-5", "tools": list(tools), **extra,
            "messages": [*history, {"role": "user", "content": text}]}  # fmt: skip


def called(command: dict, call_id: str = "toolu_01M") -> dict:
    return {"role": "assistant", "content": [{"type": "tool_use", "id": call_id, "name": "memory",
                                              "input": command}]}  # fmt: skip


def answered(content, call_id: str = "toolu_01M", **extra) -> dict:
    return {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call_id,
                                         "content": content, **extra}]}  # fmt: skip


def spy():
    seen = []

    def brain(request):
        seen.append(request)
        return [{"type": "text", "text": "brain"}]

    return brain, seen


ROOT_VIEW = {"command": "view", "path": "/memories"}


def test_with_tool_choice_none_or_a_forced_tool_the_brain_answers_as_it_is():
    brain, seen = spy()
    for choice in ({"type": "none"}, {"type": "tool", "name": "get_time"}):
        assert remembering(brain)(ask("Hi", tools=(MEMORY, CLOCK), tool_choice=choice)) == [
            {"type": "text", "text": "brain"}]  # fmt: skip
    assert len(seen) == 2


def test_in_chinese_it_checks_writes_and_says_so_in_chinese():
    reply = remembering(spy()[0])(ask("记住：我喜欢喝茶"))
    assert reply[0] == {"type": "text", "text": "我先看看我的记忆。"}
    listing = LISTING.format("/memories", "/memories")
    reply = remembering(spy()[0])(
        ask("记住：我喜欢喝茶")
        | {
            "messages": [
                {"role": "user", "content": "记住：我喜欢喝茶"},
                called(ROOT_VIEW),
                answered(listing),
            ]
        }
    )
    assert reply[1]["input"] == {"command": "create", "path": "/memories/notes.md",
                                 "file_text": "- 我喜欢喝茶\n"}  # fmt: skip
    assert reply[0]["text"] == "我把这个记到记忆里。"


def test_a_file_whose_name_fits_the_question_is_read_and_one_that_does_not_is_not():
    listing = (LISTING.format("/memories", "/memories") + "1.0K\t/memories/tea_preferences.md\n"
               "1.0K\t/memories/travel_plans.md\n")  # fmt: skip
    request = ask("Which tea do I like?")
    request["messages"] += [called(ROOT_VIEW), answered([{"type": "text", "text": listing}])]
    reply = remembering(spy()[0])(request)
    assert reply[1]["input"] == {"command": "view", "path": "/memories/tea_preferences.md"}
    content = ("Here's the content of /memories/tea_preferences.md with line numbers:\n"
               "     1\t- green tea in the morning\n     2\t- jasmine tea after lunch\n"
               "     3\t- no coffee")  # fmt: skip
    request["messages"] += [called({"command": "view", "path": "/memories/tea_preferences.md"},
                                   "toolu_02M"), answered(content, "toolu_02M")]  # fmt: skip
    assert remembering(spy()[0])(request) == [{"type": "text", "text": (
        "From my memory: - green tea in the morning; - jasmine tea after lunch")}]  # fmt: skip


def test_lines_recalled_in_chinese_are_joined_with_a_chinese_semicolon():
    listing = LISTING.format("/memories", "/memories") + "1.0K\t/memories/notes.md\n"
    request = ask("磁盘什么时候会满？")
    request["messages"] += [called(ROOT_VIEW), answered([{"type": "text", "text": listing}])]
    content = ("Here's the content of /memories/notes.md with line numbers:\n"
               "     1\t- 第 3 天：磁盘 03:12 满了\n     2\t- 磁盘每周二 03:12 会满")  # fmt: skip
    request["messages"] += [called({"command": "view", "path": "/memories/notes.md"},
                                   "toolu_02M"), answered(content, "toolu_02M")]  # fmt: skip
    assert remembering(spy()[0])(request) == [{"type": "text", "text": (
        "我的记忆里有：- 第 3 天：磁盘 03:12 满了；- 磁盘每周二 03:12 会满")}]  # fmt: skip


def test_an_error_from_the_client_reads_as_an_empty_memory():
    request = ask("Remember that I like tea.")
    request["messages"] += [called(ROOT_VIEW), answered("disk full", is_error=True)]
    reply = remembering(spy()[0])(request)
    assert reply[1]["input"]["command"] == "create"


def test_the_rest_of_the_model_reads_no_memory_tool_call_or_result():
    brain, seen = spy()
    listing = LISTING.format("/memories", "/memories")
    request = ask("What time is it?", tools=(MEMORY, CLOCK))
    request["messages"] += [called(ROOT_VIEW), answered(listing)]
    assert remembering(brain)(request) == [{"type": "text", "text": "brain"}]
    assert seen[0]["tools"] == [CLOCK]
    assert seen[0]["messages"] == [{"role": "user", "content": [
        {"type": "text", "text": "What time is it?"}]}]  # fmt: skip


def test_a_new_question_views_the_memory_again():
    listing = LISTING.format("/memories", "/memories")
    earlier = [{"role": "user", "content": "Hi"}, called(ROOT_VIEW), answered(listing),
               {"role": "assistant", "content": "Hello!"}]  # fmt: skip
    reply = remembering(spy()[0])(ask("And now?", *earlier))
    assert reply[1]["input"] == ROOT_VIEW


def test_a_files_name_is_read_as_its_words():
    from handagent.mock.model.memory import _stem

    assert _stem("/memories/projects/customer_prefs-v2.notes.xml") == "customer prefs v2 notes"


def test_it_speaks_the_language_the_system_prompt_asks_for():
    listing = LISTING.format("/memories", "/memories") + "1.0K\t/memories/notes.md\n"
    request = ask("Remember that I like tea.", system="Always answer in French.")
    assert remembering(spy()[0])(request)[0]["text"] == "Je consulte d'abord ma mémoire."
    request["messages"] += [called(ROOT_VIEW), answered(listing)]
    assert remembering(spy()[0])(request)[0]["text"] == "Je consulte d'abord ma mémoire."


def test_a_fact_is_added_after_the_last_line_of_a_file_that_ends_in_a_newline(client, tmp_path):
    from handagent.runtime.memory import MemoryFolder  # the reference's views: a last "" line

    folder = MemoryFolder(tmp_path)

    class Reference:
        def run(self, command):
            return folder.run(command)[0]

    folder.run({"command": "create", "path": "/memories/notes.md", "file_text": "- likes tea\n"})
    converse(client, Reference(), "Remember that I live in Oslo.")
    assert (tmp_path / "notes.md").read_text() == "- likes tea\n- I live in Oslo\n"
