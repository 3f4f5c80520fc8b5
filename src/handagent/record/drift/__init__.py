"""The drift check: the mock against the real API, request by request (`make drift`).

    probes      the corpus: the requests of tests/recorded (the API's answers kept) and the cases
                the API rules' tests put to `check_request`; the beta header a body needs
    transport   where a probe goes: the mock in this process, or an API over HTTP
    today       a recorded request as today's API would be sent it (retired models replaced,
                thinking signed again), and the mock's answer to it
    compare     where two answers differ: status, error type, wording, every field, streams

Imports point one way: `probes`, then `transport`, then `today`; `compare` reads answers only.

Not handled here: what the mock says (`handagent.mock`), what a request may hold
(`handagent.api`).
"""
