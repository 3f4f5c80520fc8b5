"""Chapter 09's self-check, as data: three questions in English and Chinese.

They ask about a move per stop reason, bounds asked ahead, the stop button. At least two put the
learner in a situation the chapter did not show (`kind="apply"`). `selfcheck.self_check` grades
them; `handagent.exercises.ch09` offers them as its `SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            'A reply ends with stop_reason "window" (the API\'s model_context_window_exceeded), '
            "its last block a call cut midway. What does run_loop do?",
            '一条回复以 stop_reason "window"（API 的 model_context_window_exceeded）结束，'
            "最后一块是一个写到一半的调用。run_loop 会怎么做？",
        ),
        options=(
            ("Runs the call with the arguments it has so far", "用已经写出的参数运行这个调用"),
            (
                "Refuses the cut call, then asks again with max_tokens doubled",
                "拒绝被截断的调用，再把 max_tokens 翻倍重问",
            ),
            (
                "Refuses the cut call and ends the run: the history must shrink",
                "拒绝被截断的调用，结束运行：得先缩短对话历史",
            ),
            (
                "Asks again at the same max_tokens, for a shorter call",
                "用同样的 max_tokens 再问一次",
            ),
        ),
        answer="c",
        kind="apply",
        hint=(
            "Section 2: which limit did this reply meet, and would more max_tokens move it?",
            "第 2 节：这条回复碰到的是哪个上限？调高 max_tokens 能挪开它吗？",
        ),
        why=(
            "The window ran out, not max_tokens: the prompt and the reply filled the context, so "
            "any request with this history overflows again. The cut call is refused with a "
            'result, and the run ends "window" until the history shrinks.',
            "用完的是上下文窗口，不是 max_tokens：提示词和回复已经把上下文占满，"
            "带着这段历史的请求都会再次溢出。被截断的调用得到一条拒绝的结果，"
            '运行以 "window" 结束，等对话历史缩短再说。',
        ),
    ),
    Question(
        prompt=(
            "Bounds(tokens=3_000) and max_tokens=1_024. Two replies have spent 1,800 tokens; the "
            "next prompt is about 300 tokens. Does run_loop send a third request?",
            "Bounds(tokens=3_000)，max_tokens=1_024。两条回复已经用了 1,800 个 token；"
            "下一次请求的提示词大约 300 个 token。run_loop 会发第三次请求吗？",
        ),
        options=(
            (
                "Yes: the 1,800 spent so far is still under 3,000",
                "会：两条回复花掉的 1,800 个 token 还在 3,000 以内",
            ),
            (
                "No: 1,800 + 300 + 1,024 could pass 3,000",
                "不会：1,800 + 300 + 1,024 可能超过 3,000",
            ),
            (
                "Yes, and the run stops as soon as it is past 3,000",
                "会：要等花费真的超过 3,000 之后，运行才会停下",
            ),
            (
                "No: a bound of 3,000 tokens allows two requests",
                "不会：3,000 个 token 的上限只允许发两次请求",
            ),
        ),
        answer="b",
        kind="apply",
        hint=(
            "Section 3: a fourth request there was never sent. What was counted for it?",
            "第 3 节：那里的第四个请求根本没有发出去。为它算了哪些 token？",
        ),
        why=(
            "Before each request the loop adds the request's worst case to what was spent: its "
            "prompt and its whole max_tokens. 3,124 is over 3,000, so no reply can take the run "
            'past its bound; the run ends "tokens" instead.',
            "每次请求之前，循环把这次请求最坏的情况加到已花的上面：它的提示词加上整个 max_tokens。"
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
