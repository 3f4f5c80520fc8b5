"""Chapter 01's self-check, as data: three questions in English and Chinese.

They ask about what the model reads of a tool, what the menu costs, what decides. At least two
put the learner in a situation the chapter did not show (`kind="apply"`). `selfcheck.self_check`
grades them; `handagent.exercises.ch01` offers them as its `SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            'A menu offers search_docs ("Search the docs.") and search_web ("Search the web."). '
            "Asked about your own product, the model often picks search_web. Which change helps "
            "most?",
            '菜单上有 search_docs（描述是 "Search the docs."）和 search_web（"Search the web."）。'
            "用户问起你们自己的产品，模型却常常选 search_web。哪个改动最管用？",
        ),
        options=(
            (
                "List search_docs first, so that the model meets it before search_web",
                "把 search_docs 排在前面，让模型先看到它",
            ),
            (
                "A longer docstring in the Python function search_docs, its menu entry left as "
                "it is",
                "给 search_docs 函数写更长的 docstring，菜单条目不动",
            ),
            (
                "Its description says what the docs cover, and to use it for product questions",
                "在它的描述里写明文档讲什么，产品问题都用它",
            ),
            (
                "A higher max_tokens, so that the model has room to weigh the two tools",
                "调高 max_tokens，让模型有余地比较这两个工具",
            ),
        ),
        answer="c",
        kind="apply",
        hint=(
            "Section 4: which of these reaches the model? Section 6: what does it choose by?",
            "第 4 节：这几样里，哪些到得了模型那里？第 6 节：模型凭什么选工具？",
        ),
        why=(
            "The model chooses by what the menu says, and a description that says what the tool "
            "covers and when to use it says the most. The function's docstring never leaves the "
            "program, and the order on the menu did not decide in section 6.",
            "模型凭菜单上写的东西选工具，而说清工具管什么、什么时候用的描述最有分量。"
            "函数的 docstring 从不离开程序；第 6 节也看到了，菜单上的顺序不起决定作用。",
        ),
    ),
    Question(
        prompt=(
            "A menu of 40 tools comes to 6,000 tokens of entries. A conversation makes 50 "
            "requests, with no prompt caching. How many input tokens do the entries cost over the "
            "conversation, the hidden prompt aside?",
            "一份 40 个工具的菜单，条目一共 6,000 个 token。一段对话发了 50 个请求，没有用提示词"
            "缓存。整段对话下来，这些条目要付多少输入 token（隐藏的工具使用提示词不算）？",
        ),
        accept=(
            "300000",
            "300000 tokens",
            "300k",
            "300 thousand",
            "30万",
            "三十万",
            "30万 token",
            "30万个 token",
        ),
        kind="apply",
        hint=(
            "Section 5: what does every request send again?",
            "第 5 节：每个请求都要重新发送什么？",
        ),
        why=(
            "300,000: every request re-sends the menu with the history, so 50 requests pay for its "
            "6,000 tokens 50 times, the hidden prompt on top. Caching makes the repeats cheaper, "
            "not free; fewer tools make every request cheaper.",
            "300,000：每个请求都连同对话历史把菜单重发一遍，50 个请求就为这 6,000 个 token "
            "付 50 次钱，隐藏的工具使用提示词还要另算。缓存能让重复的部分便宜些，但不是免费；"
            "少放几个工具，每个请求都更便宜。",
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
                "helper, because the model chooses by what the menu says of each tool",
                "helper，因为模型凭菜单上对每个工具的说明来挑",
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
            "The model knows a tool only by its menu entry (its name, description and schema), "
            "read with the system prompt and the conversation; a description that says what the "
            "tool does and when to use it is what gets it chosen.",
            "模型只凭菜单条目认识一个工具（名字、描述和 schema），再结合系统提示词和对话来读；"
            "描述说清它做什么、什么时候用，它才会被选中。",
        ),
    ),
)
