"""What a notebook's model calls cost: tokens in and out per call, and the price on the real API.

Every request made through `handagent.llm.client()` goes through `http_client()`, whose response
hook reads the `usage` of each successful Messages reply (plain JSON or a stream of events) into
one meter per process. A notebook runs in one kernel, so the meter's total is the notebook's.
The price is an estimate: the tokens times the list price of the model's family in `PRICES`.

Not handled here: raw `httpx` requests (the first cells of chapter 00), count_tokens (free),
prompt caching, batch and long-context prices, compressed event streams, and models with no
price on file (their tokens are counted, their price is reported as unknown).
"""

import json
from dataclasses import dataclass
from threading import Lock

import anthropic
import httpx
import httpx2  # the SDK's HTTP library, a fork of httpx: each wants streams of its own type

# US dollars per million tokens, standard requests, by model id prefix (the longest one wins).
# Source: Anthropic's pricing page and model overview pages (platform.claude.com/docs), read from
# stored copies dated up to 2026-10; not checked against the live pages from here. These are the
# best-known list prices: check https://www.anthropic.com/pricing before quoting them.
PRICES_AS_OF = "2026-10"
PRICES: tuple[tuple[str, float, float], ...] = (
    ("claude-opus-5-5", 4.00, 20.00),
    ("claude-opus-5", 5.00, 25.00),
    ("claude-opus-4-8", 5.00, 25.00),
    ("claude-opus-4-7", 5.00, 25.00),
    ("claude-opus-4-6", 5.00, 25.00),
    ("claude-opus-4-5", 5.00, 25.00),
    ("claude-opus-4", 15.00, 75.00),  # Opus 4 and 4.1
    ("claude-sonnet-5", 2.00, 10.00),  # Sonnet 5 and 5.5
    ("claude-sonnet-4", 3.00, 15.00),  # Sonnet 4, 4.5 and 4.6
    ("claude-haiku-4-5", 1.00, 5.00),
    ("claude-3-5-haiku", 0.80, 4.00),
)


@dataclass(frozen=True)
class Price:
    """The list price of one model family, per million tokens."""

    prefix: str
    input_per_million: float
    output_per_million: float

    def of(self, input_tokens: int, output_tokens: int) -> float:
        """Dollars for these tokens. Example: Sonnet 5, (1_000, 100) -> 0.003"""
        total = input_tokens * self.input_per_million + output_tokens * self.output_per_million
        return total / 1_000_000


def price(model: str) -> Price | None:
    """The price of a model id's family, or None when none is on file.

    Example: "claude-sonnet-5-sequential" -> Price("claude-sonnet-5", 2.0, 10.0)
    """
    rows = [row for row in PRICES if model.startswith(row[0])]
    return Price(*max(rows, key=lambda row: len(row[0]))) if rows else None


@dataclass(frozen=True)
class Call:
    """One model call as it is billed."""

    model: str
    input_tokens: int
    output_tokens: int


class Meter:
    """Every call counted so far in this process; `on_response` is the HTTP hook that counts."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self._lock = Lock()  # tools may call the model from threads

    def record(self, call: Call) -> None:
        with self._lock:
            self.calls.append(call)

    def reset(self) -> None:
        with self._lock:
            self.calls.clear()

    def on_response(self, response: httpx.Response | httpx2.Response) -> None:
        """Count a successful Messages reply; anything else (errors, count_tokens) costs nothing.

        An httpx event hook: `httpx.Client(event_hooks={"response": [METER.on_response]})`.
        """
        request = response.request
        if not request.url.path.endswith("/v1/messages") or response.status_code != 200:
            return
        if response.headers.get("content-type", "").startswith("text/event-stream"):
            if "content-encoding" not in response.headers:
                counted = _Httpx2Stream if isinstance(response, httpx2.Response) else _HttpxStream
                response.stream = counted(response.stream, self)
            return
        response.read()  # the SDK reads the same bytes again from the response's cache
        try:
            reply = response.json()  # {"model", "usage": {"input_tokens", "output_tokens"}, ...}
        except ValueError:
            return  # not ours to report: the caller meets the same body
        usage = reply.get("usage") or {}
        tokens = usage.get("input_tokens", 0), usage.get("output_tokens", 0)
        self.record(Call(reply.get("model", "?"), *tokens))


class _CountedStream:
    """The bytes of an event stream, passed on unchanged, read for usage on the way through."""

    def __init__(self, stream, meter: Meter) -> None:
        self._stream, self._meter = stream, meter
        self._pending, self._model, self._usage = b"", None, {}

    def __iter__(self):
        for chunk in self._stream:
            self._read(chunk)
            yield chunk
        self._count()

    def close(self) -> None:
        self._count()  # a stream cut short is billed for what was generated
        self._stream.close()

    def _read(self, chunk: bytes) -> None:
        # data: {"type": "message_start", "message": {"model", "usage": {...}}}
        # data: {"type": "message_delta", "usage": {"output_tokens": N}}   (a running total)
        *lines, self._pending = (self._pending + chunk).split(b"\n")
        for line in lines:
            try:
                event = json.loads(line[5:]) if line.startswith(b"data:") else {}
            except ValueError:
                continue  # a broken event is the reader's to report, not the meter's
            if event.get("type") == "message_start":
                self._model = event["message"].get("model", "?")
                self._usage.update(event["message"].get("usage") or {})
            elif event.get("type") == "message_delta":
                self._usage.update(event.get("usage") or {})

    def _count(self) -> None:
        if self._model is None:
            return
        model, usage, self._model = self._model, self._usage, None  # count once
        self._meter.record(Call(model, usage.get("input_tokens", 0), usage.get("output_tokens", 0)))


class _HttpxStream(_CountedStream, httpx.SyncByteStream):
    pass


class _Httpx2Stream(_CountedStream, httpx2.SyncByteStream):
    pass


METER = Meter()  # one per process: a notebook's kernel


def http_client() -> httpx2.Client:
    """The SDK's default HTTP client, with the meter's hook: pass it as `http_client=`."""
    return anthropic.DefaultHttpxClient(event_hooks={"response": [METER.on_response]})


def _dollars(amount: float) -> str:
    return f"${amount:.4f}"


def cost_summary(meter: Meter = METER, *, per_call: bool = False) -> str:
    """The calls counted so far, their tokens, and what they would cost on the real API.

    Example: two calls of claude-sonnet-5 ->
        Model calls: 2 · tokens in: 1,234 · tokens out: 56
        Estimated price on the real API: $0.0030
          at list prices of 2026-10 per million tokens: claude-sonnet-5 $2.00 in, $10.00 out
    """
    calls = list(meter.calls)
    if not calls:
        return "Model calls: 0 (no request went through handagent.llm.client())"
    tokens_in = sum(call.input_tokens for call in calls)
    tokens_out = sum(call.output_tokens for call in calls)
    lines = [f"Model calls: {len(calls)} · tokens in: {tokens_in:,} · tokens out: {tokens_out:,}"]
    if per_call:
        for number, call in enumerate(calls, 1):
            found = price(call.model)
            cost = _dollars(found.of(call.input_tokens, call.output_tokens)) if found else "?"
            lines.append(
                f"  #{number} {call.model}: in {call.input_tokens:,} · out {call.output_tokens:,}"
                f" · {cost}"
            )
    prices = {call.model: price(call.model) for call in calls}
    priced = [(call, prices[call.model]) for call in calls if prices[call.model]]
    total = sum(found.of(call.input_tokens, call.output_tokens) for call, found in priced)
    known = {found.prefix: found for _, found in priced}
    rates = "; ".join(
        f"{p.prefix} ${p.input_per_million:.2f} in, ${p.output_per_million:.2f} out"
        for p in known.values()
    )
    if known:
        lines.append(f"Estimated price on the real API: {_dollars(total)}")
        lines.append(f"  at list prices of {PRICES_AS_OF} per million tokens: {rates}")
    unknown = sorted(model for model, p in prices.items() if p is None)
    if unknown:
        lines.append(f"No price on file for {', '.join(unknown)}: see handagent.cost.PRICES")
    return "\n".join(lines)
