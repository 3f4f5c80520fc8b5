"""Chapter 07's self-check, as data: three questions in English and Chinese.

They ask about ids rewritten for one request, every call answered whatever overtook it. At least
two put the learner in a situation the chapter did not show (`kind="apply"`).
`selfcheck.self_check` grades them; `handagent.exercises.ch07` offers them as its `SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "Provider B's 400 names the tool-call id call_7Hx_fc_4c_9f3a1c2b, which appears "
            "nowhere in the session's log. Why?",
            "服务商 B 返回的 400 点名了工具调用 id call_7Hx_fc_4c_9f3a1c2b，"
            "可会话的日志里哪儿都找不到它。为什么？",
        ),
        options=(
            (
                "The log dropped that call when the session changed providers",
                "会话换服务商的时候，日志把这个调用丢了",
            ),
            (
                "B invents a new id for every call it is sent, and quotes its own",
                "B 会另起一个 id，报错时引用它自己的",
            ),
            (
                "The adapter rewrote it for B's request alone; the log keeps the original",
                "适配器只在发给 B 的请求里改写了它；日志里是原 id",
            ),
            (
                "The log is rewritten after each request, and was saved too early",
                "日志在每次请求之后都会改写，这一次存得太早了",
            ),
        ),
        answer="c",
        kind="apply",
        hint=(
            "Section 3: where are ids rewritten, for how long, and what does a rewrite end with?",
            "第 3 节：id 在哪里改写？改写管多久？改写后的 id 以什么结尾？",
        ),
        why=(
            "A rewrite is made on a copy, for one request, and thrown away; the log keeps the ids "
            "as the providers sent them. The short hash a rewrite ends with comes from the "
            "original, which is how to find it.",
            "改写是在副本上、为一次请求做的，用完就扔；日志保留服务商发来的原 id。"
            "改写后的 id 末尾的短哈希由原 id 算出，顺着它就能找到原来的调用。",
        ),
    ),
    Question(
        prompt=(
            "Why does a rewritten id end with a short hash of the original?",
            "为什么改写后的 id 要以原 id 的短哈希结尾？",
        ),
        options=(
            ("The API wants ids to look random", "API 要求 id 看起来是随机的"),
            (
                "So that two ids sharing their first 64 characters stay distinct",
                "让前 64 个字符相同的两个 id 仍然不同",
            ),
            ("To hide what the id said", "为了藏起 id 原来的内容"),
            (
                "To make it exactly 64 characters long, the length every provider expects",
                "为了让它正好 64 个字符，这是每家服务商都期望的长度",
            ),
        ),
        answer="b",
        hint=(
            "Cut two long ids with the same start to 64 characters and compare them.",
            "把两个开头相同的长 id 都截到 64 个字符，再比一比。",
        ),
        why=(
            "A plain cut makes such ids equal, and the provider can no longer tell their "
            "results apart; the hash keeps them distinct.",
            "直接截断会让这样的两个 id 变成一样，"
            "服务商就分不清它们各自的结果了；加上哈希，它们仍是两个不同的 id。",
        ),
    ),
    Question(
        prompt=(
            "The model asked for two calls. Before either finishes, the user types a new "
            "question, and the program sends it at once. What must come before the question in "
            "that request?",
            "模型要了两个调用。两个都还没执行完，用户又打了一个新问题，程序马上就把它发出去。"
            "这次请求里，问题前面必须有什么？",
        ),
        options=(
            (
                "A result for each call, an error saying it was not finished",
                "每个调用一条结果：一个错误结果，说明它还没执行完",
            ),
            (
                "Nothing: the calls can be answered once the tools have finished",
                "什么都不用：等工具执行完，再回应这两个调用",
            ),
            (
                "The two calls taken out of the history, since neither finished",
                "把这两个调用从对话历史里拿掉，反正都没执行完",
            ),
            (
                "The question inside a tool_result, so that the calls count as answered",
                "把问题放进一个 tool_result，这样调用就算回应过了",
            ),
        ),
        answer="a",
        kind="apply",
        hint=(
            "Section 4: whatever happened to a call, what must it have before the next request?",
            "第 4 节：不管调用遇到了什么，下一次请求之前它必须有什么？",
        ),
        why=(
            "Every call gets exactly one result in the very next message, before anything else: "
            "a call the user overtook is answered with an error result that says so, as repair "
            "does. Taking the calls out would rebuild the reply, and a reply goes back as it came.",
            "每个调用都要在紧接着的那条消息里、在任何别的内容之前，得到恰好一个结果："
            "被用户抢先的调用，用一个说明情况的错误结果回应，repair 就是这么做的。"
            "把调用拿掉就等于改写了那条回复，而回复必须原样发回。",
        ),
    ),
)
