"""Record once, replay for a room: the series' traffic with a real model, kept as cassettes.

    proxy       RecordingProxy: a local server between a notebook and the API that keeps every
                exchange (streams as their events), keys and account ids scrubbed
    __main__    python -m handagent.record NOTEBOOK...: runs each notebook through the proxy and
                writes cassettes/<notebook>.json (`make record`)
    check       stale(): is a cassette recorded from the mock still what the mock answers?
    drift/      the mock against the real API, request by request (`make drift`)

The cassette format and replay (HANDAGENT_PROVIDER=replay, the room) are the mock's:
`handagent.mock.http.cassettes` and `handagent.mock.http.replay`. Imports point one way: this
package uses the mock (as an upstream without a key); the mock never imports it.

Not handled here: the book showing recorded outputs beside the mock's.
"""

from .proxy import PLACEHOLDER_KEY, RecordingProxy

__all__ = ["PLACEHOLDER_KEY", "RecordingProxy"]
