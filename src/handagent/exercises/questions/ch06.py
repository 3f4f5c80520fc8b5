"""Chapter 06's self-check, as data: three questions in English and Chinese.

`selfcheck.self_check` grades them; `handagent.exercises.ch06` offers them as its
`SELF_CHECK`.
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
            "The session moves on to another model, one that cannot read the thinking blocks "
            "in the history. What does the adapter do with them?",
            "会话换到另一个模型继续，可它读不懂对话历史里的思考块。适配器怎么处理这些块？",
        ),
        options=(
            (
                "Sends them with new signatures, made for the new model",
                "照发，只是换上为新模型生成的签名",
            ),
            (
                "Turns their text into text blocks the new model can read",
                "把它们的文本改成新模型读得懂的 text 块",
            ),
            (
                "Deletes them from the log, since they are of no more use",
                "从日志里删掉，反正已经没用了",
            ),
            (
                "Leaves them out of that request; the log keeps them",
                "这次请求里不带它们；日志里仍然保留",
            ),
        ),
        answer="d",
        hint=(
            "What may be sent back to the model that wrote them later on?",
            "以后它们还可能被发回给哪个模型？",
        ),
        why=(
            "A block means something only to the models that can read it: the adapter leaves it "
            "out for each request to any other, and the log keeps it for a later request to "
            "its own model.",
            "思考块只对读得懂它的模型有意义："
            "发给其他模型的请求都不带它；日志留着它，等请求回到写出它的模型时再发。",
        ),
    ),
    Question(
        prompt=(
            'Which of our stop reasons does an HTTP 200 with stop_reason "refusal" get?',
            '一个 HTTP 200 的回复，stop_reason 是 "refusal"。它对应我们的哪一个停止原因？',
        ),
        accept=("refusal", "拒绝"),  # the value, or its Chinese name
        hint=(
            "It is not a failure of the network or the provider.",
            "这不是网络或服务商出了故障。",
        ),
        why=(
            'refusal: the model declined, and stop_details say why. It is not "error": '
            "retrying the same request will not help; reset the context or ask another model.",
            "refusal：模型拒绝继续，stop_details 会说明原因。"
            '它不是 "error"：同样的请求重试也没用，应该重置上下文，或者换一个模型。',
        ),
    ),
)
