"""Server-held conversations (beta `thread`, `message-threads-2026-08-12`), kept by the mock.

    {"thread": {"type": "create"}, "messages": [...]}              the mock keeps the whole
                                                                     conversation under the
                                                                     reply's id
    {"thread": {"type": "continue", "previous_message_id": "msg_01..."},
     "messages": [<the new turn only>]}                              the kept one, then these

A `continue` leaves out `system` and `tools` (the SDK deletes them: "the server keeps the
`system` and `tools` the thread was created with"); sent anyway, they must equal the kept ones
(SDK: ThreadFingerprintMismatchError). An id the mock does not hold is the 404
`thread_not_found` (SDK: ThreadNotFoundError), on which the SDKs replay the whole conversation
under a new thread, so a restarted mock costs one request, not a failure.

    expand(body, store) -> the request as if the client had sent the whole conversation
    remember(store, full_request, reply)  after a 200

Not handled here: `thread_already_continued` (a reply may be continued more than once here),
threads across processes (the store is the server's memory, the last MAX_THREADS replies).
"""

import threading
from collections import OrderedDict

from ...api.rejections import THREAD_FINGERPRINT, THREAD_NOT_FOUND, Rejection, invalid

MAX_THREADS = 1000
KEPT = ("system", "tools")  # what a thread keeps besides its messages


class Store:
    """The kept conversations: reply id -> the request that made it, its reply appended."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.kept: OrderedDict[str, dict] = OrderedDict()

    def get(self, message_id: str) -> dict | None:
        with self.lock:
            return self.kept.get(message_id)

    def put(self, message_id: str, request: dict) -> None:
        with self.lock:
            self.kept[message_id] = request
            while len(self.kept) > MAX_THREADS:
                self.kept.popitem(last=False)


def expand(body: dict, store: Store) -> dict:
    """The full request a `continue` stands for; any other body as it is.

    Example: {"thread": {"type": "continue", "previous_message_id": "msg_1"}, "messages":
    [user tool_result]} -> {"thread": ..., "system": <kept>, "tools": <kept>,
    "messages": [<kept messages>, assistant reply, user tool_result]}
    """
    thread = body.get("thread")
    if not isinstance(thread, dict) or thread.get("type") != "continue":
        return body
    previous = thread.get("previous_message_id")
    kept = store.get(previous) if isinstance(previous, str) else None
    if kept is None:
        message = THREAD_NOT_FOUND.format(id=f"`{previous}`")
        raise Rejection(404, "not_found_error", message, {"error_code": "thread_not_found"})
    changed = [f"`{name}`" for name in KEPT if name in body and body[name] != kept.get(name)]
    if changed:
        words = THREAD_FINGERPRINT.format(fields=" and ".join(changed))
        raise invalid(words, "thread_fingerprint_mismatch")
    full = {**body, **{name: kept[name] for name in KEPT if name in kept}}
    new = body.get("messages") if isinstance(body.get("messages"), list) else []
    return {**full, "messages": [*kept["messages"], *new]}


def remember(store: Store, request: dict, reply: dict) -> None:
    """Keep a threaded request's conversation under its reply's id."""
    if not isinstance(request.get("thread"), dict):
        return
    kept = {name: request[name] for name in KEPT if name in request}
    answer = {"role": "assistant", "content": reply["content"]}
    store.put(reply["id"], {**kept, "messages": [*request["messages"], answer]})
