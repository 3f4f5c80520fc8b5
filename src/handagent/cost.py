"""What a notebook's model calls cost: tokens in and out per call, and the price on the real API.

Every request made through `handagent.llm.client()` goes through `http_client()`, and every one
`runtime.providers.complete` sends (chapters 06-08) through its own httpx client; both clients'
response hook (`METER.on_response`) reads the `usage` of each successful Messages reply (plain
JSON or a stream of events) into one meter per process. A notebook runs in one kernel, so the
meter's total is the notebook's. The price is an estimate: the tokens times the list prices of
the model's catalogue row (`models.Model.prices`), cache reads and writes included when the
usage reports them, and the whole request at the long-prompt prices when its prompt is over the
row's threshold (Haiku 5.5).

Not handled here: other raw `httpx` requests (the first cells of chapter 00), count_tokens (free),
batch and priority-tier prices, compressed event streams, and models with no price on file
(their tokens are counted, their price is reported as unknown).
"""

import json
import ssl
from dataclasses import dataclass
from functools import cache
from threading import Lock

import anthropic
import httpx
import httpx2  # the SDK's HTTP library, a fork of httpx: each wants streams of its own type

from .api import models
from .api.models import Prices
from .language import pick, wrap

PRICES_AS_OF = models.AS_OF.isoformat()  # the day the catalogue's prices were checked


def price(model: str) -> Prices | None:
    """The list prices of a model id (an alias or a dated id), or None when none is on file.

    Example: Haiku 4.5's alias -> Prices(input=1.0, output=5.0, ...);  "deepseek-chat" -> None
    """
    row = models.find(model)
    return row.prices if row else None


@dataclass(frozen=True)
class Call:
    """One model call as it is billed: prompt tokens by kind, and output tokens."""

    model: str
    input_tokens: int
    output_tokens: int
    cache_read_tokens: int = 0
    cache_write_5m_tokens: int = 0
    cache_write_1h_tokens: int = 0

    @property
    def prompt_tokens(self) -> int:
        """Every token of the prompt: input + cache reads + cache writes (§7)."""
        cached = self.cache_read_tokens + self.cache_write_5m_tokens + self.cache_write_1h_tokens
        return self.input_tokens + cached


def call_from_usage(model: str, usage: dict) -> Call:
    """A Call from a reply's `usage` (a stream's, once its events are merged).

    Example: ("m", {"input_tokens": 9, "output_tokens": 3, "cache_read_input_tokens": 100})
        -> Call("m", 9, 3, cache_read_tokens=100)
    """
    written = usage.get("cache_creation_input_tokens") or 0
    split = usage.get("cache_creation") or {}
    hour = split.get("ephemeral_1h_input_tokens") or 0
    return Call(
        model,
        usage.get("input_tokens") or 0,
        usage.get("output_tokens") or 0,
        cache_read_tokens=usage.get("cache_read_input_tokens") or 0,
        cache_write_5m_tokens=max(0, written - hour),  # no split reported: all at the 5m rate
        cache_write_1h_tokens=hour,
    )


def dollars(call: Call) -> float | None:
    """What one call costs at list prices, or None with no price on file.

    Example: Call(<Haiku 4.5>, 1_000_000, 100_000) -> 1.5
    """
    listed = price(call.model)
    if listed is None:
        return None
    rate = listed.for_prompt(call.prompt_tokens)
    total = (
        call.input_tokens * rate.input
        + call.output_tokens * rate.output
        + call.cache_read_tokens * rate.cache_read
        + call.cache_write_5m_tokens * rate.cache_write_5m
        + call.cache_write_1h_tokens * rate.cache_write_1h
    )
    return total / 1_000_000


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
        self.record(call_from_usage(reply.get("model", "?"), reply.get("usage") or {}))


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
        # data: {"type": "message_delta", "usage": {"input_tokens", "output_tokens", ...}}
        #       (running totals: each replaces the one before)
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
        self._meter.record(call_from_usage(model, usage))


class _HttpxStream(_CountedStream, httpx.SyncByteStream):
    pass


class _Httpx2Stream(_CountedStream, httpx2.SyncByteStream):
    pass


METER = Meter()  # one per process: a notebook's kernel


def http_client() -> httpx2.Client:
    """The SDK's default HTTP client, with the meter's hook: pass it as `http_client=`."""
    hooks = {"response": [METER.on_response]}
    return anthropic.DefaultHttpxClient(verify=tls_context(), event_hooks=hooks)


@cache
def tls_context(http=httpx2) -> ssl.SSLContext:
    """The TLS settings of the model's HTTP/1.1 clients (`verify=tls_context()`; a plain httpx
    client's: `tls_context(httpx)`), each library's own trust (httpx2 the system's store, httpx
    certifi's) loaded once per process, not for each client: 30 ms of CPU each, 12 s over the
    unit tests' 415. It reads SSL_CERT_FILE and SSL_CERT_DIR when first made."""
    return http.create_ssl_context()


def _dollars(amount: float) -> str:
    return f"${amount:.4f}"


def _rates(model: str, listed: Prices) -> str:
    """Example: ("m", Prices(0.1, 0.5, ...)) -> "m $0.10 in, $0.50 out" (zh-CN: "m 输入 $0.10，输出
    $0.50")"""
    given, made = f"${listed.input:.2f}", f"${listed.output:.2f}"
    return pick(f"{model} {given} in, {made} out", f"{model} 输入 {given}，输出 {made}")


def cost_summary(meter: Meter = METER, *, per_call: bool = False) -> str:
    """The calls counted so far, their tokens, and what they would cost on the real API, in the
    edition's language.

    Example: two calls of Haiku 5.5 ->
        Model calls: 2 · tokens in: 1,234 · tokens out: 56
        Estimated price on the real API: $0.0002
          at list prices of 2026-12-01 per million tokens: <its id> $0.10 in, $0.50 out
    and in zh-CN ->
        模型调用：2 次 · 输入 token：1,234 · 输出 token：56
        在真实 API 上估计要花：$0.0002
          按 2026-12-01 每百万 token 的标价：<its id> 输入 $0.10，输出 $0.50
    """
    calls = list(meter.calls)
    if not calls:
        return pick(
            "Model calls: 0 (no request went through handagent.llm.client())",
            "模型调用：0 次（没有请求经过 handagent.llm.client()）",
        )
    tokens_in = f"{sum(call.prompt_tokens for call in calls):,}"
    tokens_out = f"{sum(call.output_tokens for call in calls):,}"
    lines = [
        pick(
            f"Model calls: {len(calls)} · tokens in: {tokens_in} · tokens out: {tokens_out}",
            f"模型调用：{len(calls)} 次 · 输入 token：{tokens_in} · 输出 token：{tokens_out}",
        )
    ]
    if per_call:
        for number, call in enumerate(calls, 1):
            cost = dollars(call)
            given, made = f"{call.prompt_tokens:,}", f"{call.output_tokens:,}"
            billed = "?" if cost is None else _dollars(cost)
            lines.append(
                pick(
                    f"  #{number} {call.model}: in {given} · out {made} · {billed}",
                    f"  #{number} {call.model}：输入 {given} · 输出 {made} · {billed}",
                )
            )
    priced = [call for call in calls if price(call.model)]
    if priced:
        rates = pick("; ", "；").join(
            dict.fromkeys(_rates(call.model, price(call.model)) for call in priced)
        )
        total = _dollars(sum(map(dollars, priced)))
        lines.append(
            pick(f"Estimated price on the real API: {total}", f"在真实 API 上估计要花：{total}")
        )
        lines.append(
            pick(
                f"  at list prices of {PRICES_AS_OF} per million tokens: {rates}",
                f"  按 {PRICES_AS_OF} 每百万 token 的标价：{rates}",
            )
        )
    unknown = ", ".join(sorted({call.model for call in calls if not price(call.model)}))
    if unknown:
        lines.append(
            pick(
                f"No price on file for {unknown}: see handagent.api.models "
                "(add a row with its source)",
                f"没有 {unknown} 的价格记录：请在 handagent.api.models 里加一行，并注明来源",
            )
        )
    return wrap("\n".join(lines))  # lines within the book's width
