"""Chapter 03's exercise: feed the results of a reply's tool calls back, as the API requires.

`check_feed_back` runs the learner's `feed_back(history, reply_content, functions)` on chapter
02's two-call question ("What time is it? Also, what is 1234 + 5678?": the clock and the adder of
`handagent.examples`) and a reply in today's shape: a thinking block, a sentence, then the two
calls. It reads the history returned: the reply appended whole (its thinking block unmodified, in
its place), then one user message holding one `tool_result` per `tool_use`, ids matching,
content as text. Each classic mistake gets its name, and the API's own refusal is quoted where
the local check can tell it would refuse (a thinking block's signature only the provider can
verify, so that mistake is named without it).

Hints follow the edition's language. Not handled here: tools that fail or cannot run (chapter
05), running calls concurrently (chapter 04).
"""

import copy

from anthropic.types import TextBlock, ThinkingBlock, ToolUseBlock

from ..api.checks import Rejection, check_request
from ..blocks import block_dict, message_dict
from ..examples import add, get_current_time
from ..language import pick
from . import Verdict, attempt
from .questions.ch03 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck

# chapter 02's question and, in the edition's language, the sentence a model that writes one
# (Sonnet 5, say) puts before its calls; on the 5.5 models it comes back as a thinking block
EXERCISE = "03 · feed_back(history, reply_content, functions)"  # code: the same in both editions
QUESTION = (
    "What time is it? Also, what is 1234 + 5678?",
    "现在几点了？另外 1234 加 5678 等于多少？",
)
SAID = ("Let me check that.", "我来查一下。")
# the thinking block and the calls as the mock made them in chapter 02, on the default model
SIGNATURE = "pH4ctMsq4z9C4eFgQFNPz3Ukw/q4urcQuvUwE215VvQXRsPpkcRCzG7Pzj4kXRTF"
THOUGHT = ThinkingBlock(type="thinking", thinking="", signature=SIGNATURE)
CLOCK_ID, ADD_ID = "toolu_01udbv5wMHU49KbkJWpFQ7u7oz", "toolu_01i80G6IJYoRYXu6unaYh170Z9"
CALLS = [
    ToolUseBlock(type="tool_use", id=CLOCK_ID, name="get_current_time", input={}),
    ToolUseBlock(type="tool_use", id=ADD_ID, name="add", input={"a": 1234, "b": 5678}),
]
FUNCTIONS = {"get_current_time": get_current_time, "add": add}
ANSWER = (
    "after the reply, append one user message with a tool_result for each tool_use",
    "在回复后面追加一条 user 消息，每个 tool_use 对应一个 tool_result",
)
WHOLE = (
    'append the reply whole: {"role": "assistant", "content": reply_content}',
    '把回复原样整条追加：{"role": "assistant", "content": reply_content}',
)


def _as_text(content: object) -> str | None:
    """A result's content as text, or None if it is neither text nor a list of text blocks."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(isinstance(b, dict) and "text" in b for b in content):
        return "".join(b["text"] for b in content)
    return None


def _history() -> list[dict]:
    return [{"role": "user", "content": pick(*QUESTION)}]


def _reply() -> list:
    """The reply to chapter 02's question: a thinking block, a text block, then the two calls."""
    said = TextBlock(type="text", text=pick(*SAID))
    return [THOUGHT.model_copy(), said, *copy.deepcopy(CALLS)]


def _unset(block: object) -> object:
    """A block without its None fields, as the SDK sends it. Example: {"citations": None, ...}"""
    return {k: v for k, v in block.items() if v is not None} if isinstance(block, dict) else block


def _reply_problems(message: object, at: int) -> list[str]:
    if not isinstance(message, dict) or message.get("role") != "assistant":
        role = message.get("role") if isinstance(message, dict) else message
        return [
            pick(
                f"Message {at} should be the model's reply, role 'assistant'; it is {role!r}.",
                f"消息 {at} 应该是模型的回复，role 为 'assistant'；现在是 {role!r}。",
            )
        ]
    content = message_dict(message)["content"]
    kept = [_unset(b) for b in content] if isinstance(content, list) else [content]
    if kept == [block_dict(b) for b in _reply()]:
        return []
    if not any(isinstance(b, dict) and b.get("type") == "tool_use" for b in kept):
        return [
            pick(
                f"Message {at} keeps the reply's text but drops its tool_use blocks: the classic "
                "mistake. The results you send next will answer calls the API cannot find; ",
                f"消息 {at} 只留下了回复里的文字，丢掉了 tool_use 块：这是新手最常犯的错。"
                "接下来喂回去的结果就成了“无主的菜”，API 找不到它们回应的调用；",
            )
            + pick(*WHOLE)
        ]
    thinking = [b for b in kept if isinstance(b, dict) and b.get("type") == "thinking"]
    if not thinking:
        return [
            pick(
                f"Message {at} drops the reply's thinking block. Its text is empty, but the "
                "documentation wants it back unmodified, in its place, with its signature: under "
                "manual thinking the API refuses a tool turn that lost its thinking, and under "
                "adaptive thinking nobody has confirmed what it does (section 7); ",
                f"消息 {at} 丢掉了回复里的思考块。它的文字是空的，但文档要求它原样、按原来的位置、"
                "连同签名一起拼回去：手动思考下，API 会拒绝丢了思考块的工具调用轮次；"
                "自适应思考下会怎样，还没有人确认过（见第 7 节）；",
            )
            + pick(*WHOLE)
        ]
    if thinking != [block_dict(THOUGHT)] or kept.index(thinking[0]) != 0:
        return [
            pick(
                f"Message {at} changes the reply's thinking block (its text, its signature or "
                "its place): the API checks the signature against the block as it sent it, and "
                "refuses one that was modified or moved; ",
                f"消息 {at} 改动了回复里的思考块（文字、签名或位置）：API 会拿签名核对"
                "它当初发出的那个块，被改过或挪过位置的块会被拒绝；",
            )
            + pick(*WHOLE)
        ]
    return [
        pick(
            f"Message {at} should hold the reply's content as it came, all 4 blocks; ",
            f"消息 {at} 应该原样保存回复的 content，4 个块一个不少；",
        )
        + pick(*WHOLE)
    ]


def _expected() -> dict[str, tuple[str, str]]:
    """Each call's id -> (tool name, its output as text). Example: ADD_ID -> ("add", "6912")"""
    return {call.id: (call.name, str(FUNCTIONS[call.name](**call.input))) for call in CALLS}


def _answer_problems(message: object, at: int, expected: dict) -> list[str]:
    if not isinstance(message, dict):
        return [
            pick(
                f"Message {at} should be a dict with 'role' and 'content'; it is {message!r}.",
                f"消息 {at} 应该是带 'role' 和 'content' 的 dict；现在是 {message!r}。",
            )
        ]
    role = message.get("role")
    if role != "user":
        why = {
            "tool": (
                "the Messages API has no 'tool' role (that is OpenAI's wire format)",
                "Messages API 里没有 'tool' 角色（那是 OpenAI 的格式）",
            ),
            "assistant": (
                "a result is not the model's words; your program is telling it",
                "结果不是模型说的话，是你的程序在告诉它",
            ),
            "system": (
                "a 'system' message carries instructions as text only, never a tool_result",
                "'system' 消息只装文字形式的指示，放不了 tool_result",
            ),
        }.get(
            role,
            (
                "a conversation's two speakers are 'user' and 'assistant'",
                "对话里说话的只有 'user' 和 'assistant'",
            ),
        )
        return [
            pick(
                f"Message {at} has role {role!r}, but {why[0]}: results go in a 'user' message.",
                f"消息 {at} 的 role 是 {role!r}：{why[1]}；结果要放在 'user' 消息里送回。",
            )
        ]
    content = message.get("content")
    if not isinstance(content, list):
        return [
            pick(
                f"Message {at} should hold a list of tool_result blocks; it holds {content!r}.",
                f"消息 {at} 应该装着 tool_result 块的列表；现在装的是 {content!r}。",
            )
        ]
    problems, seen = [], []
    kinds = [block.get("type") if isinstance(block, dict) else type(block).__name__
             for block in content]  # fmt: skip
    if "tool_result" in kinds and kinds[0] != "tool_result":
        problems.append(
            pick(
                f"Message {at} starts with a {kinds[0]} block: the tool_result blocks come first, "
                "since the API looks for them at the front of the message; a remark goes after "
                "them, or better in a later message.",
                f"消息 {at} 以一个 {kinds[0]} 块开头：tool_result 块要放在最前面，API 是从消息"
                "开头找它们的；要说的话放在它们后面，最好另发一条消息。",
            )
        )
    for j, block in enumerate(content):
        if not isinstance(block, dict) or block.get("type") != "tool_result":
            continue
        call_id = block.get("tool_use_id")
        if call_id is None:
            problems.append(
                pick(
                    f"Block {j} has no 'tool_use_id': copy the id of the tool_use it answers "
                    "(call['id']), or the API cannot pair them.",
                    f"块 {j} 没有 'tool_use_id'：把它所回应的 tool_use 的 id（call['id']）"
                    "复制过来，否则 API 没法把两者对上号。",
                )
            )
            continue
        if call_id not in expected:
            problems.append(
                pick(
                    f"Block {j} answers {call_id!r}, an id no tool_use in the reply has.",
                    f"块 {j} 回应的是 {call_id!r}，回复里没有哪个 tool_use 是这个 id。",
                )
            )
            continue
        if call_id in seen:
            problems.append(
                pick(
                    f"Two results answer {call_id}; send exactly one per tool_use.",
                    f"有两个结果都在回应 {call_id}；每个 tool_use 只能有一个结果。",
                )
            )
        seen.append(call_id)
        name, output = expected[call_id]
        text = _as_text(block.get("content"))
        if text is None:
            value = block.get("content")
            kind = type(value).__name__
            problems.append(
                pick(
                    f"The result for {call_id} ({name}) has content {value!r} "
                    f"({kind}); the model reads text: use str(...) on the output.",
                    f"{call_id}（{name}）的结果 content 是 {value!r}（{kind}）；"
                    "模型读的是文本：对输出用 str(...)。",
                )
            )
        elif text != output:
            problems.append(
                pick(
                    f"The result for {call_id} ({name}) is {text!r}, but {name} returns "
                    f"{output!r}: call the function the tool_use names, with its input: "
                    "functions[call['name']](**call['input']).",
                    f"{call_id}（{name}）的结果是 {text!r}，但 {name} 返回的是 {output!r}："
                    "调用 tool_use 点名的那个函数，并传入它的 input："
                    "functions[call['name']](**call['input'])。",
                )
            )
    for call_id, (name, _) in expected.items():
        if call_id not in seen:
            problems.append(
                pick(
                    f"No tool_result answers {call_id} ({name}): every tool_use in the reply "
                    "needs one, not just the first.",
                    f"没有 tool_result 回应 {call_id}（{name}）：欠单必还，"
                    "回复里的每个 tool_use 都要还一个结果，不只是第一个。",
                )
            )
    return problems


def _api_problem(history: list) -> list[str]:
    """The API's refusal of this history, in its own words, if it would refuse it."""
    request = {"model": "any", "max_tokens": 1, "messages": [message_dict(m) for m in history]}
    try:
        check_request(request)
    except Rejection as rejection:
        return [
            pick(
                f"The API would refuse this history with {rejection.status}: {rejection}",
                f"API 会以 {rejection.status} 拒绝这段对话历史：{rejection}",
            )
        ]
    return []


def _feed_back_problems(feed_back) -> list[str]:
    """What is wrong with the history `feed_back` returns; [] when nothing is."""
    expected = _expected()  # the clock is frozen (examples.FROZEN_AT): feed_back sees the same
    history = _history()
    result, error = attempt(feed_back, _history(), _reply(), dict(FUNCTIONS))
    if error:
        return [f"feed_back {error}"]
    if not isinstance(result, list):
        return [
            pick(
                f"feed_back returned {result!r}; return the history, a list.",
                f"feed_back 返回了 {result!r}；应该返回对话历史，也就是一个列表。",
            )
        ]
    start = len(history)
    if result[:start] != history:
        return [
            pick(
                "The messages already in the history changed; append after them.",
                "对话历史里原有的消息被改动了；新消息要追加在它们后面。",
            )
        ]
    added = result[start:]
    if len(added) not in (1, 2):
        return [
            pick(
                f"Append two messages, the reply and your answer to it; it grew by {len(added)}.",
                f"应该追加两条消息：回复本身，和你对它的回答；现在多了 {len(added)} 条。",
            )
        ]
    problems = _reply_problems(added[0], start)
    if len(added) == 1:
        missing = pick(
            f"Message {start + 1} is missing: {ANSWER[0]}.",
            f"缺少消息 {start + 1}：{ANSWER[1]}。",
        )
        return [*problems, missing]
    problems += _answer_problems(added[1], start + 1, expected)
    return problems + _api_problem(result)


def check_feed_back(feed_back) -> Verdict:
    """Check `feed_back(history, reply_content, functions)` on a reply with two tool calls."""
    return Verdict(EXERCISE, tuple(_feed_back_problems(feed_back)))
