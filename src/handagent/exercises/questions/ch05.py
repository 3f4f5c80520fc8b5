"""Chapter 05's self-check, as data: three questions in English and Chinese.

They ask about every call answered, failure as data, the programmer's mistakes. At least two put
the learner in a situation the chapter did not show (`kind="apply"`). `selfcheck.self_check`
grades them; `handagent.exercises.ch05` offers them as its `SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "The model asks for delete_file, and the program will not run it without the user's "
            "approval. What goes in the next user message for that call?",
            "模型要调用 delete_file，而程序在没有用户批准时不会执行它。对这个调用，"
            "下一条 user 消息里放什么？",
        ),
        options=(
            (
                "Nothing: a call that was not run needs no result",
                "什么都不放：程序没执行的调用，本来就不需要什么结果",
            ),
            ("A text block saying the file was kept", "一个文本块，说文件留着没删"),
            (
                "A tool_result for the call, is_error true, saying it was not run and why",
                "对应的 tool_result，is_error 为 true，写明没执行和原因",
            ),
            (
                "A tool_result saying the file was deleted, so that the model moves on "
                "to its next step",
                "一个说文件已经删掉了的 tool_result，好让模型放心地接着去做它要做的下一步",
            ),
        ),
        answer="c",
        hint=(
            "Rule one, section 2: which calls must the next user message answer?",
            "看第 2 节的铁律一，下一条 user 消息必须回应哪些调用？",
        ),
        why=(
            "Every tool_use is answered, even one the program declines: not_run gives a result "
            "marked is_error, so the model neither waits nor takes it for a success.",
            "每个 tool_use 都要回应，程序拒绝执行的也不例外："
            "not_run 给出一个标了 is_error 的结果，模型既不会干等，也不会把它当成成功。",
        ),
    ),
    Question(
        prompt=(
            "search_docs calls a service that answers 503: down for maintenance. What should the "
            "tool_result for that call hold?",
            "search_docs 调用的服务返回了 503：正在维护。这个调用的 tool_result 里该放什么？",
        ),
        options=(
            (
                "An empty list of hits: the search found nothing, and the model moves on",
                "一个空的结果列表：就当这次搜索什么也没找到，让模型接着往下做",
            ),
            (
                "is_error true, saying the service is down (503): try later, or do without it",
                "is_error 为 true，写明服务暂不可用（503），稍后再试或不用它",
            ),
            (
                "Nothing: let the exception reach the user, who can retry the turn",
                "什么都不放：让异常抛给用户，由用户重试这一轮",
            ),
            (
                "The last hits that worked, from a cache, so that the model is not held up",
                "缓存里上一次成功的搜索结果，免得耽误模型",
            ),
        ),
        answer="b",
        kind="apply",
        hint=(
            "Section 3: who can do something about a failure, if told? And what would an empty "
            "list tell the model?",
            "第 3 节：失败了，谁能想办法，前提是告诉它？空列表又会让模型以为什么？",
        ),
        why=(
            "Failure is data: an is_error result says what went wrong, so the model can wait, try "
            "another way, or tell the user. An empty list is a lie the model believes (nothing "
            "found), and an exception stops the turn with its calls unanswered.",
            "失败是数据：is_error 结果说明出了什么错，模型就能等一等、换个办法，或者告诉用户。"
            "空列表是模型会信以为真的谎话（“什么都没找到”）；抛异常则让这一轮停在半路，"
            "调用没人回应。",
        ),
    ),
    Question(
        prompt=(
            'A menu entry you wrote has "type": "strng" in its input_schema. Who should catch '
            "it, and when?",
            '你写的一个菜单条目，input_schema 里有 "type": "strng"。该由谁、在什么时候发现它？',
        ),
        options=(
            (
                "Your program, when the tool is defined: a programmer's mistake fails at once",
                "你的程序，在定义工具的时候：程序员的错，当场报出来",
            ),
            (
                "The model, which reads the schema and quietly works around the misspelt type",
                "模型：它会读 schema，自己绕过拼错的类型",
            ),
            (
                "The tool, with an is_error result the first time the model calls it",
                "工具：模型第一次调用它时，回一个 is_error 结果",
            ),
            (
                "Nobody: a schema is only a hint for the model, so a typo does no harm",
                "谁都不用管：schema 只是写给模型看的提示，拼错了也无妨",
            ),
        ),
        answer="a",
        kind="apply",
        hint=(
            "Section 5, and chapter 01's section 7: whose mistake is it, and what becomes of "
            "such a mistake?",
            "第 5 节和第 01 章第 7 节：这是谁的错？这种错该怎么处理？",
        ),
        why=(
            "A broken schema is the programmer's mistake, and the model cannot fix it: Tool "
            "checks every input_schema when the tool is made, and refuses this one, naming the "
            "fix. Sent as it is, every request that carries the menu would be refused.",
            "schema 写坏了是程序员的错，模型修不了：Tool 在创建工具时就检查每个 input_schema，"
            "会拒绝这一个，并指出怎么改。要是原样发出去，带着这份菜单的每个请求都会被拒绝。",
        ),
    ),
)
