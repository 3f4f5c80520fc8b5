"""Chapter 04's self-check, as data: three questions in English and Chinese.

`selfcheck.self_check` grades them; `handagent.exercises.ch04` offers them as its
`SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "A reply holds three tool_use blocks. Where do their three results go?",
            "一条回复里有三个 tool_use 块。它们的三个结果放在哪里？",
        ),
        options=(
            (
                "Three user messages, one per result, in the order in which the calls were written",
                "三条 user 消息，每个结果一条，按调用写下的顺序",
            ),
            (
                "One user message right after the reply, one tool_result per call, results first",
                "紧跟回复的一条 user 消息，每个调用一个 tool_result，结果在前",
            ),
            (
                "One user message holding the result of the last call; the others can wait",
                "一条 user 消息，只装最后一个调用的结果；其他的可以等",
            ),
            (
                "Into the assistant message, after each tool_use",
                "放进 assistant 消息，跟在各自的 tool_use 后面",
            ),
        ),
        answer="b",
        hint=(
            "Sections 3 and 4: what did the API say when one call went unanswered?",
            "看第 3 节和第 4 节，有一个调用没有回应时，API 说了什么？",
        ),
        why=(
            "Every tool_use is answered in the very next message, each result matched by its id; "
            "one message keeps the model willing to ask for tools in parallel.",
            "每个 tool_use 都在紧接着的那条消息里得到回应，每个结果按 id 对号；放在同一条消息里，"
            "模型才会一直愿意并行调用工具。",
        ),
    ),
    Question(
        prompt=(
            "The program must run unchanged on every current model. Which tool_choice?",
            "程序必须不加改动地在每个当前模型上运行。该用哪种 tool_choice？",
        ),
        options=(
            ('{"type": "any"}: some tool must be called', '{"type": "any"}：必须调用某个工具'),
            (
                '{"type": "tool", "name": "add"}: this tool must be called, on every model alike',
                '{"type": "tool", "name": "add"}：必须调用这个工具，每个模型都一样',
            ),
            (
                '{"type": "auto", "disable_parallel_tool_use": True}: at most one call',
                '{"type": "auto", "disable_parallel_tool_use": True}：最多一个调用',
            ),
            (
                "Any of these: tool_choice is the same everywhere",
                "哪种都行：tool_choice 在哪儿都一样",
            ),
        ),
        answer="c",
        hint=(
            "Section 5: what did the catalogue's model say to a forced choice?",
            "看第 5 节，模型目录里挑出的那个模型，对强制选择是怎么回应的？",
        ),
        why=(
            "Several current models refuse any and tool with a 400; auto (with or without "
            "disable_parallel_tool_use) and none work on all of them.",
            "好几个当前模型会用 400 拒绝 any 和 tool；auto（"
            "带不带 disable_parallel_tool_use 都行）和 none 在所有模型上都能用。",
        ),
    ),
    Question(
        prompt=(
            "One reply asks for write_file and read_file of the same path. May run_tool_calls "
            "run them at the same time?",
            "一条回复要对同一个路径执行 write_file 和 read_file。"
            "run_tool_calls 可以同时执行它们吗？",
        ),
        options=(
            ("Yes: calls in one reply are independent", "可以：同一条回复里的调用相互独立"),
            (
                "Yes: the API runs them in the order they were written",
                "可以：API 会按它们写下的顺序执行",
            ),
            ("No: the API refuses two calls on one file", "不可以：API 拒绝对同一个文件的两个调用"),
            (
                "No: their inputs are independent, their effects are not, so they race",
                "不可以：它们的输入相互独立，效果却不独立，会形成竞态条件",
            ),
        ),
        answer="d",
        hint=(
            "Section 7: what exactly is independent about the calls of one reply?",
            "看第 7 节，同一条回复里的调用，到底是哪一方面相互独立？",
        ),
        why=(
            "The model wrote every input before any call ran, but a write and a read of one "
            "file race; such a tool needs a lock, or its calls run one after another.",
            "模型在任何调用执行之前就写好了所有输入，但对同一个文件的一写一读会形成竞态条件；"
            "这样的工具要么自带一把锁，要么让它的调用逐个执行。",
        ),
    ),
)
