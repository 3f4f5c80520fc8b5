"""The agent loop: ask the model, run its calls, answer them, ask again, until a reason to stop.

`run_loop(history, tools, send)` returns a `Run`: the whole history, why the run ended
(`runtime.runs`) and a sentence saying so. Each reply's stop reason has its move, `next_move`:

    tool_use   run the calls (`run_calls`, through the boundary), every call answered; ask
               again. No call in it after all: as "stop" (calls next to "stop" run and are answered)
    pause      the provider paused a turn of its own: send it back as it is (its server blocks
               kept), ask again
    stop       the turn is done (end_turn or stop_sequence): end the run, "done"
    length     cut at max_tokens: ask again with max_tokens doubled (the docs' advice), within the
               model's limit and the bounds; a cut call is refused and the model told so, cut
               text is kept in the log but not sent (continuing it would be a prefill). At the
               limit: end, "cut"
    window     the context window ran out: end, "window" (the history must shrink first)
    refusal    the model declined: answer its calls "not run", end, "refusal"
    error      the request failed after the sender's retries, or was not retried: end, "error"
    aborted    Ctrl-C or Jupyter's stop button while waiting: end, "interrupted"

Before every request the bounds (`runtime.bounds`) are asked with that request's worst case:
what the run spent, its prompt and its whole max_tokens. The boundary (`runtime.boundary`) sits
around every call: approval before it, any value made into content after it.

Every message goes to the session log (`log=path`) as it is added, so the log is the history:
`run_loop(session_log.load(path), ..., log=path)` resumes it, with what the run had spent.
Exactly once: a resumed history whose last reply left calls unanswered (the session stopped while
they ran, or before their results were written) never runs them again. Each is answered that it
is unknown whether it ran, so the model checks before asking again; a tool with an effect keeps
the call's id as its idempotency key. Ctrl-C while tools run keeps the results of the calls that
finished and answers the others "interrupted: may still be running"; it is not re-raised: the
`Run` is the record. An exception the program raises (a failing `on_step`) leaves the log whole:
every result is written before it.

`send(messages, tools_menu, max_tokens) -> AssistantMessage` is the model: it never raises
(`runtime.senders.sender` for a provider, `runtime.senders.scripted` for replies written ahead).

Not handled here: user input during a run, shrinking the history when the window fills,
parallel runs sharing one log, bounds on wall time.
"""

from collections.abc import Callable
from typing import Literal

from ..api import models
from ..tools import Tool, ToolRegistry
from . import session_log
from .boundary import Boundary
from .bounds import Bounds, Spent, room
from .calls import NOT_RUN, CallsInterrupted, run_calls
from .protocol import AssistantMessage, Message, ToolResultMessage, tool_calls, tool_result_message
from .providers import request_body
from .repair import unanswered_calls
from .runs import Ending, LoopStep, Run, note

Send = Callable[[list[Message], list[dict], int], AssistantMessage]
Move = Literal["ask_again", "ask_longer", "done", "window", "refusal", "error", "interrupted"]
UNKNOWN_OUTCOME = (
    "Unknown whether this call ran: the session stopped after it was asked for and before its "
    "result was recorded, so it is not run again. Check (with a tool that reads) before asking "
    "for it again."
)
NONSTREAMING_MAX_TOKENS = 21_333  # above it the SDK refuses a request that is not streamed


def next_move(reply: AssistantMessage) -> Move:
    """The move after this reply, whose calls are answered either way: the table above.

    Example: a "tool_use" reply with two calls -> "ask_again";  a "refusal" -> "refusal"
    """
    reason, calls = reply.stop_reason, tool_calls(reply)
    if reason == "length":
        return "ask_longer"  # a cut call refused, cut text left out: ask with more room
    if reason == "pause" or (calls and reason in ("tool_use", "stop")):
        return "ask_again"  # the model reads its results, or finishes its paused turn
    return {"stop": "done", "tool_use": "done", "window": "window", "refusal": "refusal",
            "error": "error", "aborted": "interrupted"}[reason]  # fmt: skip


def _request(history: list[Message]) -> list[Message]:
    """The history to send: every reply that is a record only (failed, aborted or cut, with no
    calls) left out, wherever it is, as it was when the replies after it were asked for."""
    return [m for m in history if not _record_only(m)]


def _record_only(message: Message) -> bool:
    unsent = ("error", "aborted", "length")
    return (
        isinstance(message, AssistantMessage)
        and message.stop_reason in unsent
        and not tool_calls(message)
    )


def _longer(max_tokens: int, model: str) -> int | None:
    """Twice `max_tokens`, within the model's output limit; None when it cannot grow."""
    row = models.find(model)
    ceiling = min(row.max_output_tokens if row else max_tokens, NONSTREAMING_MAX_TOKENS)
    return min(2 * max_tokens, ceiling) if max_tokens < ceiling else None


def _answer_left_open(messages: list[Message]) -> list[ToolResultMessage]:
    """Results for the calls a resumed history left unanswered: never run again (see above)."""
    last = next((m for m in reversed(messages) if isinstance(m, AssistantMessage)), None)
    text = NOT_RUN.get(last.stop_reason, UNKNOWN_OUTCOME) if last is not None else UNKNOWN_OUTCOME
    return [tool_result_message(call, text, is_error=True) for call in unanswered_calls(messages)]


def run_loop(
    history: list[Message],
    tools: ToolRegistry | list[Tool],
    send: Send,
    *,
    bounds: Bounds | None = None,
    boundary: Boundary | None = None,
    max_tokens: int = 1024,
    log: str | None = None,
    on_step: Callable[[LoopStep], None] | None = None,
) -> Run:
    """Run the conversation until the model stops, a bound is reached, or you interrupt.

    Example: ([user_text("Weather in Paris?")], [weather], send) -> Run(messages=(user,
    assistant(call weather), result, assistant("It is sunny...")), ending="done", ...)
    """
    bounds, boundary = bounds or Bounds(), boundary or Boundary()  # 10 turns, 200K tokens, $1
    registry = tools if isinstance(tools, ToolRegistry) else ToolRegistry(tools)
    messages, spent = list(history), Spent.of(history)

    def add(*new: Message) -> None:
        for message in new:
            messages.append(message)
            if log is not None:
                session_log.append(log, message)

    def end(ending: Ending) -> Run:
        last = next((m for m in reversed(messages) if isinstance(m, AssistantMessage)), None)
        return Run(tuple(messages), ending, note(ending, spent, bounds, last), spent)

    try:
        add(*_answer_left_open(messages))  # a resumed run: what it left open, answered first
        last = messages[-1] if messages else None
        if isinstance(last, AssistantMessage) and next_move(last) in ("done", "window", "refusal"):
            return end("waiting")  # the model had the last word: sending it is a prefill
        model = getattr(send, "model", None) or next(
            (m.model for m in reversed(messages) if isinstance(m, AssistantMessage)), ""
        )
        while True:
            sent = _request(messages)
            body = request_body(
                sent, registry.menu(), api="anthropic", model=model, max_tokens=max_tokens
            )  # the request's worst case, for the bounds
            if (bound := room(spent, bounds, body)) is not None:
                return end(bound)
            last = send(sent, registry.menu(), max_tokens)
            model, spent = last.model or model, spent.add(last)
            add(last)
            try:
                results = run_calls(last, registry, boundary=boundary) if tool_calls(last) else []
            except CallsInterrupted as stopped:
                add(*stopped.results)
                return end("interrupted")
            add(*results)
            if on_step is not None:
                on_step(LoopStep(spent.turns, last, tuple(results), spent))
            move = next_move(last)
            if move == "ask_longer":
                if (longer := _longer(max_tokens, last.model)) is None:
                    return end("cut")
                max_tokens = longer
            elif move != "ask_again":
                return end(move)
    except KeyboardInterrupt:  # the stop button between steps: what is open may have run
        add(*_answer_left_open(messages))
        return end("interrupted")
