"""Chapter 07's self-check, as data: three questions in English and Chinese.

`selfcheck.self_check` grades them; `handagent.exercises.ch07` offers them as its
`SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "A session moves from one provider to another. Where are its old ids rewritten?",
            "会话从一家服务商换到另一家。旧的 id 在哪里改写？",
        ),
        options=(
            (
                "In the adapter, on a copy, for each request",
                "在适配器里，对副本改写，每次请求各改一次",
            ),
            ("In the stored log, once and for all", "在存下来的日志里，一次改好，永久生效"),
            ("By the new provider, which accepts any id", "由新的服务商改写，它什么 id 都收"),
            (
                "Nowhere: a tool-call id is the same everywhere",
                "哪里都不改：工具调用的 id 到哪儿都一样",
            ),
        ),
        answer="a",
        hint=(
            "What would switching back to the first provider need?",
            "要是再切回第一家服务商，需要什么？",
        ),
        why=(
            "The log keeps the originals, so any provider can be used again; each request gets "
            "its own rewrite, with a call and its result rewritten together.",
            "日志保留原始 id，所以哪家服务商都能接着用；"
            "每次请求各自改写一遍，调用和它的结果一起改。",
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
            "The user presses stop while a call's arguments are still streaming. What must the "
            "next request hold for that call?",
            "一个调用的参数还在流式输出，用户按了停止。对这个调用，下一次请求里必须有什么？",
        ),
        options=(
            ("Nothing: the call never finished", "什么都不用：这个调用根本没写完"),
            (
                "The call again, with its arguments replaced by {}",
                "把这个调用再发一次，参数换成 {}",
            ),
            ("An is_error result answering it", "一个回应它的 is_error 结果"),
            ("The arguments parsed so far", "目前已经解析出来的参数"),
        ),
        answer="c",
        hint=(
            "The call is in the log and will be sent: what does every call need?",
            "这个调用已经记进日志，还会被发出去：每个调用都需要什么？",
        ),
        why=(
            "It was declared, so it needs exactly one result: an error result that says it was "
            "not run. Otherwise the provider refuses the request.",
            "它已经声明过了，所以需要恰好一个结果："
            "一个说明它没有执行的错误结果。否则服务商会拒绝这次请求。",
        ),
    ),
)
