"""Chapter 09's self-check, as data: three questions in English and Chinese.

`selfcheck.self_check` grades them; `handagent.exercises.ch09` offers them as its
`SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            'A reply has stop_reason "length", one tool call, and usage 1,024 tokens out of '
            "max_tokens=1024. What does the loop do next?",
            '一条回复的 stop_reason 是 "length"，带一个工具调用，输出 1,024 个 token，'
            "max_tokens=1024。循环下一步做什么？",
        ),
        options=(
            ("Run the call with the arguments it has", "用已有的参数运行这个调用"),
            (
                "End the run and say why: the context window is full",
                "结束运行并说明原因：上下文窗口满了",
            ),
            (
                "Refuse the cut call; ask again, max_tokens raised",
                "拒绝被截断的调用；调高 max_tokens 再问",
            ),
            ("Refuse the cut call; ask again at 1,024", "拒绝被截断的调用；仍用 1,024 再问"),
        ),
        answer="c",
        hint=(
            "Were the arguments finished? And would the same limit cut them again?",
            "参数写完了吗？同样的上限会不会再截断一次？",
        ),
        why=(
            "The reply reached max_tokens (the window would say window): the cut call is refused "
            "with a result the model reads, and the docs advise asking again with a higher "
            "max_tokens, or the same limit cuts the same call again.",
            "回复碰到的是 max_tokens（窗口满了会是 window）：被截断的调用得到一条模型读得到的"
            "拒绝结果；文档建议调高 max_tokens 再问，否则同样的上限会再次截断同一个调用。",
        ),
    ),
    Question(
        prompt=(
            "Bounds(tokens=3_000) and max_tokens=1_024. Two replies have spent 1,800 tokens; the "
            "next prompt is about 300 tokens. Does run_loop send a third request?",
            "Bounds(tokens=3_000)，max_tokens=1_024。两条回复已经用了 1,800 个 token；"
            "下一次的提示大约 300 个 token。run_loop 会发第三次请求吗？",
        ),
        options=(
            ("Yes: 1,800 is under 3,000", "会：1,800 低于 3,000"),
            (
                "No: 1,800 + 300 + 1,024 could pass 3,000",
                "不会：1,800 + 300 + 1,024 可能超过 3,000",
            ),
            ("Yes, and it stops once past the bound", "会，超过上限后再停"),
            ("No: a bound allows two requests", "不会：上限只允许两次请求"),
        ),
        answer="b",
        hint=(
            "What is the most the next reply can cost, and is that asked before or after?",
            "下一条回复最多能花多少？这是在请求之前问，还是之后？",
        ),
        why=(
            "Before each request the loop adds the request's worst case to what was spent: its "
            "prompt and its whole max_tokens. 3,124 is over 3,000, so no reply can take the run "
            'past its bound; the run ends "tokens" instead.',
            "每次请求之前，循环把这次请求最坏的情况加到已花的上面：它的提示加上整个 max_tokens。"
            '3,124 超过 3,000，所以没有哪条回复能让运行越过上限；运行以 "tokens" 结束。',
        ),
    ),
    Question(
        prompt=(
            "You press Jupyter's stop button while two tools of one reply run. What is in the "
            "history and the log afterwards?",
            "一条回复的两个工具正在运行时，你按了 Jupyter 的停止按钮。之后历史和日志里有什么？",
        ),
        options=(
            (
                "The reply alone, with no result: the provider refuses the next request",
                "只有那条回复，没有结果：服务商会拒绝下一次请求",
            ),
            ("Nothing of that turn: the reply is dropped", "那一轮什么都没有：回复被丢掉了"),
            (
                "The reply and one result, for the tool that finished first",
                "那条回复，加上先跑完的那个工具的结果",
            ),
            (
                "A result per call, the unfinished one marked interrupted",
                "每个调用一条结果，没跑完的那个标为被中断",
            ),
        ),
        answer="d",
        hint=(
            "What does a provider demand of every tool call before the next request? And what "
            "became of the call that had finished?",
            "在下一次请求之前，服务商对每个工具调用有什么要求？已经跑完的那个调用怎么样了？",
        ),
        why=(
            "run_loop asks the running call to stop, keeps the finished call's real result, "
            "answers the other as interrupted (it may still be running), and logs them all: the "
            "history is valid, and run_loop(load(log), ...) goes on from there.",
            "run_loop 请还在运行的调用停下，保留已跑完的调用的真实结果，把另一个回答为被中断"
            "（它可能还在运行），全部写进日志：历史是合法的，"
            "run_loop(load(log), ...) 从那里接着运行。",
        ),
    ),
)
