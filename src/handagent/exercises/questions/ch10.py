"""Chapter 10's self-check, as data: three questions in English and Chinese.

They ask about preconditions in the tool, strict and validation, what caching keeps. At least
two put the learner in a situation the chapter did not show (`kind="apply"`).
`selfcheck.self_check` grades them; `handagent.exercises.ch10` offers them as its `SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "The shop adds cancel_order, which must never cancel an order that has shipped. The "
            'system prompt says "Cancel only orders that have not shipped." What else is needed?',
            "商店加了 cancel_order，它绝不能取消已经发货的订单。系统提示词里写了"
            "“只取消还没发货的订单”。还需要什么？",
        ),
        options=(
            ("Nothing: the model follows the system prompt", "什么都不用：模型会遵守系统提示词"),
            (
                "The function checks the order itself, and refuses a shipped one",
                "函数自己检查订单，已经发货就拒绝",
            ),
            (
                "strict: true on the tool, so that calls for shipped orders cannot be written",
                "给工具加上 strict: true，让模型写不出取消已发货订单的调用",
            ),
            (
                "The same rule again in the tool's description, in capitals",
                "在工具描述里用大写字母把同一条规则再写一遍",
            ),
        ),
        answer="b",
        kind="apply",
        hint=(
            "Section 1: with the prompt and without it, what stopped the return of an order "
            "still on its way?",
            "第 1 节：不管有没有系统提示词，最后是什么挡住了还在路上的订单的退货？",
        ),
        why=(
            "A prompt makes the right call likely, not certain, and strict holds the shape of the "
            "arguments, not the state of an order. The rule depends on the data, so the function "
            "checks it when the call runs, and answers a shipped order with an error result.",
            "提示词只让正确的调用更可能，不能保证；strict 约束的是参数的形状，管不了订单的状态。"
            "这条规则取决于数据，所以要由函数在调用执行时检查，已发货的订单回一个错误结果。",
        ),
    ),
    Question(
        prompt=(
            "start_return's order_id must be at least 1001, and the tool is sent with strict: "
            "true. Why does the runtime still validate each call?",
            "start_return 的 order_id 至少是 1001，工具带着 strict: true 发送。"
            "为什么运行时还要校验每个调用？",
        ),
        options=(
            (
                "Strict mode is slower than validating on the program's side",
                "strict 模式比在程序这边校验慢",
            ),
            (
                "Strict holds only a conversation's first call; later calls are free",
                "strict 只管对话里的第一次调用",
            ),
            (
                "A strict schema cannot hold minimum, and calls also come from elsewhere",
                "strict 放不下 minimum，而且调用也会来自别处",
            ),
            (
                "Validation is needed only when the calls come from OpenAI Chat",
                "只有 OpenAI Chat 的调用才需要校验",
            ),
        ),
        answer="c",
        hint=(
            "Section 3: what did strict_entry do with minimum, and who else sends calls?",
            "第 3 节：strict_entry 把 minimum 怎么处理了？还有谁会发来调用？",
        ),
        why=(
            "A strict schema leaves numeric bounds out (the API refuses minimum there), so 999 "
            "is a valid strict call; and calls also come from where no grammar shaped them (this "
            "package's OpenAI Chat adapter sends no strict, a log replayed, a script). The "
            "runtime's check against the full schema is the contract, whoever sends the call.",
            "strict 的 schema 里没有数值范围（API 不接受其中的 minimum），"
            "所以 999 也是合法的 strict 调用；而且调用也会来自没有约束解码的地方"
            "（本包的 OpenAI Chat 适配器不发 strict，还有回放的日志、脚本）。"
            "不管调用是谁发来的，运行时拿完整 schema 做的检查才是契约。",
        ),
    ),
    Question(
        prompt=(
            "Every conversation's tools and system prompt are the same, cached by a breakpoint "
            "on the system block. You want each customer's name in the conversation. Where does "
            "it go, so that the cache still serves every customer?",
            "每段对话的工具和系统提示词都一样，靠系统块上的断点缓存起来。你想让对话里带上每位"
            "顾客的名字。名字放在哪里，缓存才能继续服务所有顾客？",
        ),
        options=(
            (
                "At the start of the system prompt, where the model reads it first",
                "放在系统提示词开头，模型最先读到",
            ),
            (
                "In a breakpoint of its own, placed in front of the tools",
                "单独设一个断点，放在工具前面",
            ),
            (
                "In each tool's description, so that every tool knows whom it serves",
                "放进每个工具的描述里，让每个工具都知道在为谁服务",
            ),
            (
                "In the first user message, after the cached prefix",
                "放在第一条 user 消息里，在缓存的前缀之后",
            ),
        ),
        answer="d",
        kind="apply",
        hint=(
            "Section 5: in what order does the API read a prompt, and what does one changed byte "
            "before a breakpoint do?",
            "第 5 节：API 按什么顺序读提示词？断点之前改了一个字节，会怎样？",
        ),
        why=(
            "A breakpoint caches everything before it, tools then system then messages, and one "
            "changed byte there writes a new cache. A name in the first user message leaves that "
            "prefix the same for every customer, who each read it at a tenth of the price.",
            "断点缓存它之前的全部内容，顺序是工具、系统提示词、消息；其中改一个字节就要重新写缓存。"
            "名字放在第一条 user 消息里，那段前缀对每位顾客都一样，每次都能以十分之一的价格读到。",
        ),
    ),
)
