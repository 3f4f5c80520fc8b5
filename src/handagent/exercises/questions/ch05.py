"""Chapter 05's self-check, as data: three questions in English and Chinese.

`selfcheck.self_check` grades them; `handagent.exercises.ch05` offers them as its
`SELF_CHECK`.
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
                "什么都不放：没执行的调用不需要结果",
            ),
            ("A text block saying the file was kept", "一个文本块，说文件留着没删"),
            (
                "A tool_result for the call, is_error true, saying it was not run and why",
                "这个调用的 tool_result，is_error 为 true，说明没有执行以及原因",
            ),
            (
                "A tool_result saying the file was deleted, so that the model moves on "
                "to its next step",
                "一个说文件已经删除的 tool_result，好让模型接着做下一步",
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
            "A tool raises an exception while a reply's three calls run. What then?",
            "一条回复的三个调用执行时，有一个工具抛了异常。接下来会怎样？",
        ),
        options=(
            (
                "The exception stops the program: a crash is the honest answer",
                "异常让程序停下：崩溃才是诚实的回答",
            ),
            (
                "That call gets an is_error result naming the exception; the others run as usual",
                "这个调用得到一个写明异常的 is_error 结果；其他调用照常执行",
            ),
            ("The program retries the tool until it works", "程序反复重试这个工具，直到成功为止"),
            (
                "That call is dropped from the reply, and the others are answered",
                "这个调用从回复里去掉，其他的照常回应",
            ),
        ),
        answer="b",
        hint=(
            "Rule two, section 3c: what does collect() return when a tool raises?",
            "看第 3c 节的铁律二，工具抛异常时，collect() 返回什么？",
        ),
        why=(
            "Failure is data: the model reads what went wrong and can fix its call, pick another "
            "tool, or tell the user; the other results are unaffected.",
            "失败是数据：模型读到哪里出了错，就能修正调用、换个工具，或者告诉用户；"
            "其他结果不受影响。",
        ),
    ),
    Question(
        prompt=(
            "The program's own history leaves a tool_use unanswered. Whose mistake is it, and "
            "what should happen?",
            "程序自己的对话历史里留下了一个没有回应的 tool_use。这是谁的错，应该怎么办？",
        ),
        options=(
            (
                "The program's: it should fail at once, before a request is sent",
                "程序的错：应该立刻失败，在请求发出之前",
            ),
            (
                "The model's: send it an is_error result, so that it corrects itself next turn",
                "模型的错：给它发一个 is_error 结果，让它下一轮自己改正",
            ),
            ("The API's: retry the request", "API 的错：重试这次请求"),
            ("Nobody's: the API fills in the missing result", "谁的错都不是：API 会补上缺的结果"),
        ),
        answer="a",
        hint=(
            "Sections 5 and 6: the split is by who made the mistake.",
            "看第 5 节和第 6 节，怎么分，看的是谁犯的错。",
        ),
        why=(
            "A broken protocol is a programmer's mistake: call_model's local check raises "
            "Rejection with the API's own words before anything is sent.",
            "违反协议是程序员的错：call_model 的本地检查会在发出任何东西之前，"
            "用 API 自己的措辞抛出 Rejection。",
        ),
    ),
)
