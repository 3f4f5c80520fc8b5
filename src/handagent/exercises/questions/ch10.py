"""Chapter 10's self-check, as data: three questions in English and Chinese.

They ask about preconditions in the tool, strict and validation, and what editing an old
result does to a conversation that thinks. At least
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
            "提示词只能让正确的调用更常出现，不能保证；"
            "strict 约束的是参数的形状，管不了订单的状态。"
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
                "strict 的 schema 不支持 minimum，而且调用也会来自别处",
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
            "Your assistant runs with thinking on. To keep requests small, your code now "
            "replaces every tool result older than ten turns with a one-line stub before each "
            "request. What does the next request risk?",
            "你的助手开着思考。为了让请求小一点，你的代码每次请求之前，"
            "都把十轮以前的工具结果换成一行占位。下一次请求有什么风险？",
        ),
        options=(
            (
                "Nothing: the results are yours to edit, only the thinking blocks are signed",
                "没有风险：结果随便改，签名的只是思考块",
            ),
            (
                "A cache miss only, and the stubs are cheaper, so it pays anyway",
                "只是缓存没命中；占位行更便宜，照样划算",
            ),
            (
                "The model calls the tools again for every stub, all at once",
                "模型马上为每个占位行重新调用工具",
            ),
            (
                "A 400: later thinking blocks were signed over the results you changed",
                "400 错误：后面思考块的签名覆盖了你改掉的结果",
            ),
        ),
        answer="d",
        kind="apply",
        hint=(
            "Section 6: what is each thinking block signed over?",
            "第 6 节：每个思考块的签名覆盖了哪些内容？",
        ),
        why=(
            "Each thinking block is signed over everything before it: system, tools and every "
            "earlier message. A changed result breaks the prefix of every later block, and the "
            "API refuses the request with a 400 (or, with drop_block, drops those blocks). "
            "Context editing clears old results on the server and leaves what you send as it was.",
            "每个思考块的签名都覆盖它之前的全部内容：系统提示词、工具和之前的每条消息。"
            "改掉一个结果，之后每个思考块的前缀就变了，API 会回 400 拒绝"
            "（设了 drop_block 则丢掉这些块）。上下文编辑在服务器上清掉旧结果，你发出的内容不变。",
        ),
    ),
)
