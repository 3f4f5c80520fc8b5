"""Chapter 10's self-check, as data: three questions in English and Chinese.

`selfcheck.self_check` grades them; `handagent.exercises.ch10` offers them as its
`SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "The system prompt says nothing about returns, and start_return's description says "
            '"Open a return." A customer writes "I want to return order 1043." What is most '
            "likely to happen?",
            "system 提示里没有讲退货，start_return 的描述只写了“Open a return.”。顾客写："
            "“我要退订单 1043。”最可能发生什么？",
        ),
        options=(
            (
                "The model asks the customer for a reason and the number of copies before "
                "anything else",
                "模型先问顾客退货原因和要退几本，别的什么都不做",
            ),
            (
                "The model calls start_return at once; only the tool's check finds 1043 "
                "undelivered",
                "模型马上调用 start_return；只有工具自己的检查发现 1043 还没送到",
            ),
            ("The API refuses the request", "API 拒绝这个请求"),
            (
                "The model calls find_order, then start_return",
                "模型先调用 find_order，再调用 start_return",
            ),
        ),
        answer="b",
        hint=(
            "What tells the model the order of the two tools? Section 1 ran it both ways.",
            "是什么告诉模型两个工具的先后？第 1 节两种都跑过。",
        ),
        why=(
            "Nothing on the menu says to look the order up first, so the model goes straight to "
            "the tool that fits the words; the function's own check is the last line of defence.",
            "菜单上没有任何话说要先查订单，模型就直接选最对得上的工具；函数自己的检查是最后一道防线。",
        ),
    ),
    Question(
        prompt=(
            "start_return is sent with strict: true and its schema says order_id has "
            '"minimum": 1001. Why does the runtime still validate the arguments?',
            'start_return 带着 strict: true 发送，schema 写着 order_id 的 "minimum": 1001。'
            "为什么运行时还要校验参数？",
        ),
        options=(
            ("Strict mode is slower than validating", "strict 模式比校验慢"),
            (
                "Strict applies only to the first call of a conversation; later calls are "
                "free-form again",
                "strict 只管一段对话里的第一次调用，后面的调用又可以随便写了",
            ),
            (
                "Strict leaves minimum out of its grammar, and other providers may not be strict",
                "strict 的语法里没有 minimum，别的服务商也未必有 strict",
            ),
            ("Validation is needed only for OpenAI Chat", "只有 OpenAI Chat 才需要校验"),
        ),
        answer="c",
        hint=(
            "Section 3: what did the SDK's transform do with minimum, and who else sends calls?",
            "第 3 节：SDK 的转换把 minimum 怎么处理了？还有谁会发来调用？",
        ),
        why=(
            "Strict constrains types, required keys and enums; minimum becomes words in the "
            "description. The runtime's check is the contract whoever sends the call.",
            "strict 约束类型、必填键和 enum；minimum 变成了描述里的文字。不管调用是谁发来的，"
            "运行时的检查才是契约。",
        ),
    ),
    Question(
        prompt=(
            "A conversation's earlier tool results are trimmed to one line each before every "
            "request. The customer now asks about an order looked up an hour ago. What should "
            "the trimmed line let the model do?",
            "每次请求前，对话里较早的工具结果都被裁成一行。顾客现在问起一小时前查过的订单。"
            "裁剪后的那一行应该让模型能做什么？",
        ),
        options=(
            (
                "Know which tool gave it, and call that tool again for the details",
                "知道它来自哪个工具，再调用一次取回细节",
            ),
            (
                "Ask the customer to repeat the order number and all they said an hour ago",
                "请顾客把订单号和一小时前说过的话都再说一遍",
            ),
            ("Nothing: a trimmed result is gone for good", "什么也做不了：裁掉的结果就彻底没了"),
            ("Read the full result from the prompt cache", "从提示缓存里读到完整结果"),
        ),
        answer="a",
        hint=(
            "Chapter 08's truncation told the model how to get more. Does trimming?",
            "第 08 章的截断会告诉模型怎样取回更多。裁剪也该这样吗？",
        ),
        why=(
            "A trimmed result, like a truncated one, names its tool and says to call again; "
            "the database still has the order, so nothing is lost but tokens.",
            "裁剪后的结果和截断的一样，要写明来自哪个工具、可以再调用；数据库里订单还在，"
            "丢掉的只是 token。",
        ),
    ),
)
