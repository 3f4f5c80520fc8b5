"""Chapter 04's self-check, as data: three questions in English and Chinese.

They ask about one message of results, a portable tool_choice, effects that race. At least two
put the learner in a situation the chapter did not show (`kind="apply"`). `selfcheck.self_check`
grades them; `handagent.exercises.ch04` offers them as its `SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "A reply holds two calls, get_weather for Oslo and for Rome. Your program also wants "
            'to tell the model "use Celsius". What goes into the next user message?',
            "一条回复里有两个调用：get_weather 查奥斯陆，也查罗马。你的程序还想告诉模型"
            "“用摄氏度”。下一条 user 消息里放什么？",
        ),
        options=(
            (
                "The remark first, so the model reads it before the two results",
                "先放这句话，让模型在读两个结果之前先看到它",
            ),
            (
                "One result per message, two messages, then the remark in a third",
                "每条消息一个结果，共两条，再用第三条放这句话",
            ),
            (
                "The result of whichever city answered first; the other can follow",
                "先放先回来的那个城市的结果，另一个随后再发",
            ),
            (
                "Both results only; the remark goes in a message of its own, later",
                "只放两个结果；这句话留到之后单独发",
            ),
        ),
        answer="d",
        kind="apply",
        hint=(
            "Section 3: what may come before the results, and what does the documentation "
            "advise about text after them?",
            "第 3 节：结果前面能放什么？结果后面加文字，文档是怎么建议的？",
        ),
        why=(
            "Every call is answered in one user message, results first: text before them is a "
            "400, split results teach the model to stop calling in parallel, and text after "
            "them, though accepted, can lead to an empty reply.",
            "所有调用在同一条 user 消息里回应，结果放在最前面：结果前面有文字是 400；"
            "把结果拆开，模型会不再并行调用；结果后面加文字虽然被接受，却可能换来一条空回复。",
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
                '{"type": "tool", "name": "add"}：'
                "必须调用 add 这个工具，而且在每个当前模型上都一样",
            ),
            (
                '{"type": "auto", "disable_parallel_tool_use": True}: at most one call',
                '{"type": "auto", "disable_parallel_tool_use": True}：最多一个调用',
            ),
            (
                "Any of these: tool_choice is the same everywhere",
                "哪种都行：tool_choice 在哪个模型上都一样",
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
            'One reply asks for transfer(from_account="A", to_account="B", amount=50) and '
            'balance(account="A"). run_tool_calls starts both at once. What may the balance say?',
            '一条回复同时要了 transfer(from_account="A", to_account="B", amount=50) 和 '
            'balance(account="A")。run_tool_calls 把两个一起启动。balance 会查到哪个余额？',
        ),
        options=(
            (
                "The balance after the transfer: calls run in the order they were written",
                "转账之后的余额：调用按写下的顺序执行",
            ),
            (
                "Before or after it: the effects race, and nothing orders them",
                "前后都有可能：两个副作用互相打架，谁先谁后没人规定",
            ),
            (
                "The balance before the transfer: the API makes reads run first",
                "转账之前的余额：API 会让读操作先执行",
            ),
            (
                "No balance: the API refuses two calls that touch one account",
                "没有余额：API 拒绝同时碰一个账户的两个调用",
            ),
        ),
        answer="b",
        kind="apply",
        hint=(
            "Section 7: what is independent about the calls of one reply, and what is not?",
            "第 7 节：同一条回复里的调用，哪方面相互独立，哪方面不是？",
        ),
        why=(
            "The model wrote both inputs before either ran, but their effects touch one account, "
            "and the API prescribes no order: the read may come before the write or after it. "
            "Run such calls one after another, or give the tools a lock.",
            "模型在两个调用执行之前就写好了输入，但它们的副作用落在同一个账户上，而 API 不规定执行"
            "顺序：读可能在写之前，也可能在写之后。这样的调用要么逐个执行，要么给工具加锁。",
        ),
    ),
)
