"""Chapter 08's self-check, as data: three questions in English and Chinese.

They ask about details for the UI, truncation that serves the model, the schema as contract. At
least two put the learner in a situation the chapter did not show (`kind="apply"`).
`selfcheck.self_check` grades them; `handagent.exercises.ch08` offers them as its `SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "Where do the diff of an edit and the exit code of a command go?",
            "一次编辑的 diff、一条命令的退出码，应该放在哪里？",
        ),
        options=(
            (
                "Into details: for the UI and the log, never sent to a model",
                "放进 details：给界面和日志用，从不发给模型",
            ),
            (
                "Into the result's content, so the model sees everything it did and why",
                "放进结果的 content，让模型看到它做过的一切以及原因",
            ),
            ("Into error_message", "放进 error_message"),
            ("Into the next user message", "放进下一条 user 消息"),
        ),
        answer="a",
        hint=(
            "What does the model need to go on, and what would every later request pay?",
            "模型要接着干活需要什么？之后的每一次请求又要为它付出什么？",
        ),
        why=(
            "The model reads one short, true sentence; the UI draws the diff from details, "
            "which no adapter sends.",
            "模型只读一句简短、属实的话；界面从 details 里取出 diff 来画，"
            "而没有哪个适配器会发送 details。",
        ),
    ),
    Question(
        prompt=(
            "A run_tests tool prints 80,000 lines; the failures and the summary come last. What "
            "should its result keep for the model?",
            "一个 run_tests 工具输出了 80,000 行，失败信息和汇总都在最后。"
            "它的结果该给模型留下什么？",
        ),
        options=(
            (
                "The first 2,000 lines, as read_file keeps the head of a file",
                "前 2,000 行，就像 read_file 保留一个文件的开头那样",
            ),
            (
                "The last lines, and a notice of what was cut and where it went",
                "最后几行，再加一句提示：截掉了什么，全文在哪里",
            ),
            (
                "All 80,000 lines: the model needs every one to find the failure",
                "全部 80,000 行：模型得看完每一行才能找到失败",
            ),
            (
                "Lines sampled from all over the output, so that every part is seen",
                "从整个输出里抽样一些行，让每一部分都被看到",
            ),
        ),
        answer="b",
        kind="apply",
        hint=(
            "Section 2: why does bash keep the tail, and what does every notice say?",
            "第 2 节：bash 为什么保留结尾？每条提示都要说什么？",
        ),
        why=(
            "Keep the part the model needs: a test run's failures come at the end, as a build "
            "log's do, so keep the tail, and say which limit cut it and where the full output "
            "is. The model can read more when it needs to.",
            "留下模型需要的那部分：测试的失败信息和构建日志一样在最后，所以保留结尾，"
            "并说明按哪个上限截断、完整输出在哪里。模型需要时可以再去读。",
        ),
    ),
    Question(
        prompt=(
            "book_table's description says a date is written YYYY-MM-DD; its schema says only "
            '"type": "string". The model sends "next Tuesday". What happens, and what is the fix?',
            "book_table 的描述说日期写成 YYYY-MM-DD，schema 里却只写了 "
            '"type": "string"。模型发来了 "next Tuesday"。会怎样？该怎么改？',
        ),
        options=(
            (
                "The runtime refuses it: the description is part of the contract",
                "运行时会拒绝它，因为描述也是契约的一部分",
            ),
            (
                "Never: the model reads the description and writes the date",
                "不会发生：模型读过描述，会按格式写日期",
            ),
            (
                "The API refuses the call before it reaches the program",
                "API 会在调用到达程序之前就拒绝它",
            ),
            (
                "It reaches the function: put the format in the schema (a pattern)",
                "会传到函数里：把格式写进 schema（pattern）",
            ),
        ),
        answer="d",
        kind="apply",
        hint=(
            "Section 1: which of a tool's two readers checks a call before it runs, and against "
            "what?",
            "第 1 节：工具的两个读者里，哪一个在调用执行前检查它？拿什么检查？",
        ),
        why=(
            'The runtime checks a call against the schema, not the description: "next Tuesday" '
            'is a string, so it passes. With a "pattern" for the date, the runtime refuses it '
            "with an error result the model can act on.",
            '运行时拿 schema 检查调用，而不是描述："next Tuesday" 是字符串，所以能通过。'
            '给日期加上 "pattern"，运行时就会拒绝它，回一个模型能据此改正的错误结果。',
        ),
    ),
)
