"""Chapter 00 self-check: a reply read by block type, thinking within `max_tokens`, memory.

Chapter 00 has no exercise; its three questions (written in `questions/ch00.py`, every text a
pair of English and 简体中文) check the chapter's central ideas: a reply is a list of typed
blocks that may start with thinking, thinking is spent out of `max_tokens`, and a model
remembers only the history a request sends.

Not handled here: how answers are graded and shown (`selfcheck`).
"""

from .questions.ch00 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck
