"""Chapter 00 self-check: a reply read by block type, thinking within `max_tokens`, memory.

Chapter 00 has no exercise; its three questions check the chapter's central ideas: a reply is a
list of typed blocks that may start with thinking, thinking is spent out of `max_tokens`, and
a model remembers only the history a request sends.

Not handled here: the Chinese wording (left "" for the zh-CN edition's translators).
"""

from .selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "A reply's content may start with thinking blocks. How should a program get the "
            "answer's text?",
            "",
        ),
        options=(
            ("It reads the first block's text", ""),
            ("It reads the last block's text", ""),
            ("It selects the blocks of type text (text_of does that)", ""),
            ("It reads the thinking block, where the model wrote its answer", ""),
        ),
        answer="c",
        hint=(
            "Section 4: which blocks may come before the text, and is there always one?",
            "",
        ),
        why=(
            "A reply may start with thinking blocks, or not, and may hold several text blocks: "
            "only their type says which is which.",
            "",
        ),
    ),
    Question(
        prompt=(
            'A reply has stop_reason "max_tokens" and holds one thinking block, no text. Which '
            "field of the request do you raise to get an answer?",
            "",
        ),
        accept=("max_tokens", "max tokens", "max_tokens field"),
        hint=("Section 5: what do thinking tokens count toward?", ""),
        why=(
            "max_tokens: thinking counts toward it, so a small limit can run out before the "
            "model writes a word of its answer.",
            "",
        ),
    ),
    Question(
        prompt=(
            "Turn 20 of a chat costs more input tokens than turn 1, for a question of the same "
            "length. Why?",
            "",
        ),
        options=(
            ("The model keeps a memory of the chat, and memory is billed", ""),
            ("Each request sends the whole history again: the model remembers nothing", ""),
            ("The price per token rises during a conversation", ""),
            ("Earlier replies' thinking is billed again as output", ""),
        ),
        answer="b",
        hint=("Section 3: what did the model know when a new request asked for Ada's name?", ""),
        why=(
            "A model answers each request from that request alone, so a chat re-sends every "
            "earlier message, and pays for it as input, every turn.",
            "",
        ),
    ),
)
