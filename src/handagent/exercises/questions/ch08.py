"""Chapter 08's self-check, as data: three questions in English and Chinese.

`selfcheck.self_check` grades them; `handagent.exercises.ch08` offers them as its
`SELF_CHECK`.
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
            "read_file keeps the first 2000 lines of a 5000-line file. What must the result tell "
            "the model?",
            "read_file 读一个 5000 行的文件，只留下了前 2000 行。结果里必须告诉模型什么？",
        ),
        options=(
            ("Nothing: 2000 lines are plenty", "什么都不用说：2000 行足够了"),
            (
                "That it was cut, by which limit, and how to get more (offset=2001)",
                "内容被截断了、按哪个上限截的、怎样取到剩下的（offset=2001）",
            ),
            ("The file's size in bytes", "文件有多少字节"),
            ("That the file is too long to read", "文件太长，读不了"),
        ),
        answer="b",
        hint=(
            "Without a notice, what does the model believe it has read?",
            "如果没有这句提示，模型会以为自己读到了什么？",
        ),
        why=(
            "A notice turns a silent cut into a next step the model can take: call again with "
            "offset=2001.",
            "有了这句提示，截断就不再悄无声息，模型也知道下一步怎么走："
            "带上 offset=2001 再调用一次。",
        ),
    ),
    Question(
        prompt=(
            'The schema says path is "workspace-relative". Who makes sure a call with '
            '"../secret.txt" reads nothing outside the workspace?',
            'schema 里说 path 是 "workspace-relative"（相对于工作区）。'
            '一个传了 "../secret.txt" 的调用，由谁来保证它读不到工作区以外的东西？',
        ),
        options=(
            (
                "The model, which read the description and knows the path is relative",
                "模型，它读过工具描述，知道路径是相对的",
            ),
            ('The schema\'s "type": "string"', 'schema 里的 "type": "string"'),
            ("The provider", "服务商"),
            (
                "The runtime, resolving the path against the workspace root",
                "运行时，它对照工作区根目录解析这个路径",
            ),
        ),
        answer="d",
        hint=(
            "The path is text the model wrote: what checks text before a file is opened?",
            "路径是模型写出来的一段文本：打开文件之前，是谁在检查这段文本？",
        ),
        why=(
            "The model only names a file; the runtime decides whether that name may be read "
            "(Workspace.resolve), and answers a refusal with an is_error result.",
            "模型只是说出一个文件名；能不能读由运行时决定（Workspace.resolve），"
            "拒绝时回一个 is_error 结果。",
        ),
    ),
)
