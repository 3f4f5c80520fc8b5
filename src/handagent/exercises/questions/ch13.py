"""Chapter 13's self-check, as data: three questions in English and Chinese.

They ask about a menu where every tool is deferred, deferral and the prompt cache, and who runs
a tool the MCP connector calls. All three put the learner in a situation the chapter did not
show (`kind="apply"`). `selfcheck.self_check` grades them; `handagent.exercises.ch13` offers them
as its `SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "A colleague moves all 300 of a program's tools behind tool search: every entry of "
            "`tools` gets defer_loading: true, and the search is the program's own search_tools, "
            "deferred like the rest. What does the next request get?",
            "同事把程序的 300 个工具全都放到工具搜索后面：`tools` 里的每一项都加上 "
            "defer_loading: true，搜索用的是程序自己的 search_tools，它也和别的工具一样被延迟了。"
            "下一次请求会得到什么？",
        ),
        options=(
            ("A reply in which the model searches first", "一条回复，模型先去搜索"),
            (
                "A 400: at least one tool must stay loaded",
                "一个 400 错误：至少要有一个工具不被延迟",
            ),
            (
                "A reply that loads five tools chosen by the API",
                "一条回复，API 替它加载了五个工具",
            ),
            (
                "A reply with no tools on the model's menu at all",
                "一条回复，模型的菜单上一个工具都没有",
            ),
        ),
        answer="b",
        kind="apply",
        hint=(
            "Section 2 printed two requests the API refuses: what did the first one say?",
            "第 2 节打印了两个 API 会拒绝的请求：第一个说了什么？",
        ),
        why=(
            '"At least one tool must have defer_loading=false. All tools cannot be deferred.": '
            "the model must see a way in, normally the search tool itself, so leave search_tools "
            "loaded and defer the rest.",
            "“At least one tool must have defer_loading=false. All tools cannot be deferred.”："
            "模型必须看得见一个入口，通常就是搜索工具本身，所以让 search_tools 保持加载，"
            "只延迟其余的工具。",
        ),
    ),
    Question(
        prompt=(
            "Your menu is cached: the breakpoint sits on the search tool, the one tool not "
            "deferred. In one conversation the search loads get_invoice, then create_payment. "
            "What happens to the cached prefix of tools?",
            "你的菜单做了缓存：断点放在搜索工具上，它是唯一没被延迟的工具。一次对话里，"
            "搜索先加载了 get_invoice，后来又加载了 create_payment。工具部分的缓存前缀会怎样？",
        ),
        options=(
            (
                "It is written again after each load, since the menu the model reads has changed",
                "每加载一次就重新写一次，因为模型读到的菜单变了",
            ),
            ("The cache is off while any tool is deferred", "只要有工具被延迟，缓存就关掉"),
            ("It holds all 300 tools, deferred or not", "它包含全部 300 个工具，不管延迟与否"),
            (
                "Nothing: loaded tools join the conversation, not the prefix",
                "不受影响：加载的工具进入对话，不进入前缀",
            ),
        ),
        answer="d",
        kind="apply",
        hint=(
            "Section 2's table: what did a deferred tool cost before any reference loaded it, "
            "and where does a reference sit?",
            "第 2 节的表：在任何引用加载它之前，一个延迟的工具花了多少？引用出现在哪里？",
        ),
        why=(
            "Deferred tools are stripped from the rendered tools section before the cache key is "
            "computed, and a tool_reference loads its tool where it sits in the conversation: the "
            "prefix stays the same, and each load is read like any later message.",
            "延迟的工具在计算缓存键之前就从工具部分去掉了，而 tool_reference 在它在对话里"
            "出现的位置加载工具：前缀保持不变，每次加载都像后面的消息一样被读取。",
        ),
    ),
    Question(
        prompt=(
            "Through the MCP connector, a server's toolset offers delete_invoice, and your "
            "runtime has chapter 11's approval gate. The model calls delete_invoice. When does "
            "your gate get to say no?",
            "通过 MCP connector，某个服务器的工具集提供了 delete_invoice，你的运行时有第 11 章"
            "的审批关卡。模型调用了 delete_invoice。你的关卡什么时候能说不？",
        ),
        options=(
            ("Before the call, as for any tool_use block", "调用之前，和任何 tool_use 块一样"),
            ("When the API pauses the turn to ask your program", "当 API 暂停这一轮来问你的程序时"),
            (
                "Never: the API calls the server; switch such tools off in the toolset",
                "永远不能：API 自己调用服务器；要在工具集里关掉这类工具",
            ),
            (
                "After the result arrives, by sending an is_error result back to the model",
                "结果到了以后，给模型回一个 is_error 的结果",
            ),
        ),
        answer="c",
        kind="apply",
        hint=(
            "Section 4: whose servers sent tools/call, and when did your program first see the "
            "mcp_tool_use block?",
            "第 4 节：是谁的服务器发出了 tools/call？"
            "你的程序什么时候才第一次看到 mcp_tool_use 块？",
        ),
        why=(
            "With the connector the API is the MCP client: the call has run by the time the reply "
            "arrives. What your program still decides is what the toolset offers: configs "
            '{"delete_invoice": {"enabled": false}}, or default_config enabled false and an '
            "allowlist; keep effects on servers your own runtime calls.",
            "用了 connector，API 就是 MCP 客户端：回复到达时调用已经执行过了。你的程序还能决定的"
            '是工具集提供什么：configs {"delete_invoice": {"enabled": false}}，或者 '
            "default_config 里 enabled 设为 false 再列出允许的工具；有副作用的操作，"
            "留在你自己的运行时去调用的服务器上。",
        ),
    ),
)
