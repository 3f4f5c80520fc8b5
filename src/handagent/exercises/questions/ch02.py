"""Chapter 02's self-check, as data: three questions in English and Chinese.

`selfcheck.self_check` grades them; `handagent.exercises.ch02` offers them as its
`SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            'A reply asks for get_current_time (stop_reason "tool_use"). What has run by the '
            "time the reply reaches your program?",
            '一条回复要调用 get_current_time（stop_reason 是 "tool_use"）。'
            "回复到达你的程序时，什么已经执行过了？",
        ),
        options=(
            (
                "Nothing: the reply is text asking your program to run it",
                "什么都没有：回复只是一段文字，请你的程序去执行它",
            ),
            (
                "get_current_time, in your process, called by the SDK before it returns",
                "get_current_time，在你的进程里，由 SDK 在返回之前调用",
            ),
            ("get_current_time, on the provider's servers", "get_current_time，在服务商的服务器上"),
            ("A copy of get_current_time, in a sandbox", "get_current_time 的一个副本，在沙箱里"),
        ),
        answer="a",
        hint=(
            "Section 6: what did the counter around the clock's function say?",
            "第 6 节：套在钟的函数外面的计数器说了什么？",
        ),
        why=(
            "The model only wrote a request in an agreed format and stopped; the function "
            "lives in your program, and only your program can run it.",
            "模型只是按约定的格式写了一张单子，然后就停下了；函数活在你的程序里，只有你的程序能执行它。",
        ),
    ),
    Question(
        prompt=(
            "Which code finds every tool call of a reply?",
            "哪段代码能找出一条回复里的所有工具调用？",
        ),
        options=(
            ("The last block of content", "content 的最后一个块"),
            (
                'next(b for b in content if b.type == "tool_use")',
                'next(b for b in content if b.type == "tool_use")',
            ),
            (
                '[b for b in content if b.type == "tool_use"]',
                '[b for b in content if b.type == "tool_use"]',
            ),
            ("Every block after the first one", "第一个块之后的每一个块"),
        ),
        answer="c",
        hint=(
            "Section 5: the reply to two questions at once, and what comes before its calls.",
            "第 5 节：一次问两件事的那条回复，以及它的调用前面有什么。",
        ),
        why=(
            "A reply may start with thinking or text and hold several calls: only selecting "
            "every block by its type finds them all.",
            "回复可能以思考或文字开头，还可能有好几个调用：只有按类型挑出每一个块，才能一个不落。",
        ),
    ),
    Question(
        prompt=("What may a program do with a tool_use id?", "程序可以拿 tool_use 的 id 做什么？"),
        options=(
            ("Read its prefix to learn which provider made it", "读它的前缀，看是哪家服务商生成的"),
            (
                "Copy it exactly into the result, and compare it for equality",
                "原样复制进结果，比较是否相等",
            ),
            ("Sort the calls by it, to run them in order", "按它给调用排序，好按顺序执行"),
            ("Shorten it, since only its start matters", "截短它，反正只有开头有用"),
        ),
        answer="b",
        hint=("Section 7: what is an id's one job?", "第 7 节：id 唯一的用处是什么？"),
        why=(
            "An id pairs a result with its call and nothing more: its format is the "
            "provider's business, and providers disagree.",
            "id 把结果和调用对上号，仅此而已：它的格式是服务商的事，而各家并不一致。",
        ),
    ),
)
