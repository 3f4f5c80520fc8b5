"""Chapter 02's self-check, as data: three questions in English and Chinese.

They ask about a tool_use as a request, every call found by type, opaque ids. At least two put
the learner in a situation the chapter did not show (`kind="apply"`). `selfcheck.self_check`
grades them; `handagent.exercises.ch02` offers them as its `SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "A reply asks for send_email, a message to the user's boss (stop_reason "
            '"tool_use"). Your program crashes before it reads the reply. Was the email sent?',
            '一条回复要调用 send_email，给用户的上司发一封邮件（stop_reason 是 "tool_use"）。'
            "你的程序还没读这条回复就崩溃了。邮件发出去了吗？",
        ),
        options=(
            (
                "No: the reply only asks; nothing runs until your program runs the tool",
                "没有：回复只是一个请求；你的程序不去执行，什么都不会运行",
            ),
            (
                "Yes: the API sends the email as soon as the model writes the call",
                "发了：模型一写下调用，API 就把邮件发出去了",
            ),
            (
                "Yes: messages.create runs the tool before it returns the reply",
                "发了：messages.create 返回前就执行了工具",
            ),
            (
                "Only if the call was still waiting when the request's timeout ran out",
                "要看请求超时的那一刻，这个调用是不是还在等",
            ),
        ),
        answer="a",
        kind="apply",
        hint=(
            "Section 6: what did the counter around the clock's function say?",
            "第 6 节：套在钟的函数外面的计数器说了什么？",
        ),
        why=(
            "The model only wrote a request and stopped; the function lives in your program, and "
            "only your program can run it. A crash before that leaves the call unanswered and the "
            "email unsent.",
            "模型只是写下一张单子就停了；函数在你的程序里，只有你的程序能执行它。"
            "程序在那之前崩溃，调用就没人回应，邮件也没发出去。",
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
        prompt=(
            'A program tells tool-call ids from other ids with id.startswith("toolu_"). It moves '
            "to a provider whose ids look like call_8a2f. What happens?",
            '一个程序用 id.startswith("toolu_") 认出工具调用的 id。换到另一家服务商后，'
            "id 变成了 call_8a2f 这样。会发生什么？",
        ),
        options=(
            (
                "Nothing: every provider starts its tool-call ids with toolu_",
                "不会有事：每家服务商的工具调用 id 都以 toolu_ 开头",
            ),
            (
                "Its calls go unrecognised: a prefix is a provider's habit, not a rule",
                "它认不出这些调用了：前缀只是某一家的习惯，不是规则",
            ),
            (
                "The new provider's SDK rewrites each of its ids into a toolu_ id for you",
                "新服务商的 SDK 会替你把 id 改写成 toolu_ 开头",
            ),
            (
                "The API refuses call_ ids, so the conversation stops at the first call",
                "API 拒绝 call_ 开头的 id，对话在第一个调用处就停了",
            ),
        ),
        answer="b",
        kind="apply",
        hint=(
            "Section 7: what may a program do with an id, and what do other providers' ids look "
            "like?",
            "第 7 节：程序可以拿 id 做什么？别家服务商的 id 长什么样？",
        ),
        why=(
            "An id is opaque: copy it, compare it for equality, nothing else. Anthropic's start "
            "with toolu_, OpenAI's with call_, Mistral's are nine letters and digits: code that "
            "reads a prefix breaks on the next provider.",
            "id 是不透明的：只能原样复制、比较是否相等，别的都不要做。"
            "Anthropic 的以 toolu_ 开头，OpenAI 的以 call_ 开头，Mistral 的是 9 个字母和数字："
            "读前缀的代码，换一家服务商就坏了。",
        ),
    ),
)
