"""Chapter 01's self-check, as data: three questions in English and Chinese.

`selfcheck.self_check` grades them; `handagent.exercises.ch01` offers them as its
`SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "With a tools menu in the request, what does the model receive of a tool?",
            "请求带着工具菜单发出去。对菜单上的一个工具，模型实际收到的是什么？",
        ),
        options=(
            (
                "The function's code, which the model runs in a sandbox of its own "
                "whenever it needs it",
                "函数的代码，模型需要时在自己的沙箱里运行",
            ),
            (
                "A plugin the API installs for the length of the request",
                "API 在这个请求期间安装的一个插件",
            ),
            ("Only the tool's name", "只有工具的名字"),
            (
                "Text: its name, description, input schema, and a hidden tool-use system prompt",
                "文字：它的名字、描述、输入 schema，外加一段隐藏的工具使用系统提示词",
            ),
        ),
        answer="d",
        hint=(
            "Sections 4 and 5: the bytes that left the process, and the tokens the reply "
            "counted beyond them.",
            "第 4、5 节：离开进程的那些字节，以及 usage 里比这些字节多出来的 token。",
        ),
        why=(
            "The function never leaves the program. The model reads the menu entry and the "
            "API's tool-use prompt, all text, and can only answer in text.",
            "函数从不离开程序。模型读到的是菜单条目和 API 的工具使用提示词，全是文字，"
            "它也只能用文字回答。",
        ),
    ),
    Question(
        prompt=(
            "A conversation with a three-tool menu takes 20 requests, with no prompt caching. "
            "How many times are the menu's tokens paid for?",
            "一段对话挂着三个工具的菜单，一共发了 20 个请求，没有用提示词缓存。"
            "菜单的 token 要付几次钱？",
        ),
        accept=("20", "20 times", "twenty", "twenty times", "20 次", "二十", "二十次"),
        hint=(
            "Section 5: what does every request send again?",
            "第 5 节：每个请求都要重新发送什么？",
        ),
        why=(
            "20: every request re-sends the history and the menu, hidden prompt included, so "
            "each tool's description is paid for on every request.",
            "20 次：每个请求都把历史和菜单重发一遍，隐藏的提示词也在内，"
            "所以每个工具的描述，每个请求都要付一次钱。",
        ),
    ),
    Question(
        prompt=(
            'The same clock is offered as "util" (description "Utility.", listed first) and as '
            '"helper" (a precise description). Asked the time, which does the model call?',
            '同一只钟挂了两次："util"（描述是 "Utility."，排在前面）和 "helper"（描述准确）。'
            "问现在几点，模型会调用哪一个？",
        ),
        options=(
            (
                "helper, because the model chooses from names and descriptions",
                "helper，因为模型凭名字和描述挑工具",
            ),
            ("util, because it comes first on the menu", "util，因为它在菜单上排第一"),
            ("Both, to be sure", "两个都调，保险起见"),
            (
                "Neither: two tools that do the same thing confuse it, so it answers from memory",
                "都不调：两个工具干同一件事会把它弄糊涂，于是它凭记忆回答",
            ),
        ),
        answer="a",
        hint=(
            "Section 6: run it, and read what the model had to go on.",
            "第 6 节：跑一下，看看模型手里有哪些依据。",
        ),
        why=(
            "The model knows a tool only by its name and description; a description that says "
            "what the tool does and when to use it is what gets it chosen.",
            "模型只凭名字和描述认识一个工具；描述说清它做什么、什么时候用，它才会被选中。",
        ),
    ),
)
