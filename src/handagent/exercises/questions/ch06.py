"""Chapter 06's self-check, as data: three questions in English and Chinese.

They ask about thinking blocks and their model, a stop reason no table holds. At least two put
the learner in a situation the chapter did not show (`kind="apply"`). `selfcheck.self_check`
grades them; `handagent.exercises.ch06` offers them as its `SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            'A reply starts with a thinking block whose text is "". The next request goes to '
            "the same model. What happens to that block?",
            '一条回复以一个思考块开头，它的文本是 ""。下一次请求还发给同一个模型。这个块怎么处理？',
        ),
        options=(
            (
                "Nothing: its text is empty, so it is left out of the next request",
                "不用管：文本是空的，下一次请求里省掉就行",
            ),
            ("Its text goes back as a text block", "把它的文本当作 text 块发回去"),
            (
                "It goes back unmodified, in its place, with its signature",
                "原样发回，留在原来的位置，带着它的签名",
            ),
            ("It is replaced by a short summary", "换成一段简短的摘要"),
        ),
        answer="c",
        hint=(
            "What does the provider check when the block comes back?",
            "这个块被发回来时，服务商会检查什么？",
        ),
        why=(
            "The provider checks the signature against the block exactly as it sent it; an "
            "edited, moved or missing block can get the request refused.",
            "服务商会拿签名核对这个块是否和当初发出时一模一样；"
            "块被改过、挪过位置或者不见了，请求都可能被拒。",
        ),
    ),
    Question(
        prompt=(
            "A session moves from model A to model B, which cannot read A's thinking blocks, for "
            "two turns, then back to A. What becomes of A's earlier thinking blocks on the way "
            "back?",
            "一段会话从模型 A 换到读不懂 A 的思考块的模型 B，聊了两轮，又换回 A。"
            "回到 A 时，A 之前的思考块怎么处理？",
        ),
        options=(
            (
                "Nothing comes back: blocks left out once are gone from the session",
                "什么都回不来：被省掉过一次的块，就从会话里消失了",
            ),
            (
                "Their text goes back as text blocks, since their signatures went stale",
                "把它们的文本改成 text 块发回去，因为签名已经过期",
            ),
            (
                "B signed them again while it held the session, and those go back",
                "B 接手期间重新签过名，发回去的是新签名的块",
            ),
            (
                "Each goes back unmodified, from the log: only B's requests lacked them",
                "从日志里原样发回：只是发给 B 的请求里没带它们",
            ),
        ),
        answer="d",
        kind="apply",
        hint=(
            "Section 2: where are the blocks left out, and where are they kept?",
            "第 2 节：思考块在哪里被省掉，又在哪里被保留？",
        ),
        why=(
            "Blocks are left out of each request to a model that cannot read them, and the log "
            "keeps them as they came. A signature does not expire, so back on A each block goes "
            "back unmodified, in its place.",
            "思考块只是在发给读不懂它的模型的请求里被省掉，日志里原样保留。签名不会过期，"
            "所以回到 A 时，每个块都原样、按原来的位置发回去。",
        ),
    ),
    Question(
        prompt=(
            'Next year the API adds a stop_reason, "budget_exhausted". Until someone adds it to '
            "STOP_REASONS, which of our eight stop reasons does from_anthropic give a reply that "
            "carries it?",
            '明年 API 新增了一个 stop_reason："budget_exhausted"。在有人把它加进 STOP_REASONS '
            "之前，from_anthropic 会把这样的回复定成我们八个停止原因里的哪一个？",
        ),
        accept=("error", "错误"),  # the Chinese: what a zh-CN learner may write for "error"
        kind="apply",
        hint=(
            "Section 3: what does an adapter do with a value its table does not hold?",
            "第 3 节：遇到表里没有的取值，适配器怎么处理？",
        ),
        why=(
            'error: a value the table does not hold becomes "error", with a message that names '
            "it and the table to update, so a new value is noticed, never misread as an end or a "
            "cut.",
            '是 error：表里没有的取值会变成 "error"，附上一句话，写明这个取值和要更新的表。'
            "新取值因此会被注意到，而不会被误读成正常结束或截断。",
        ),
    ),
)
