"""Chapter 11's self-check, as data: three questions in English and Chinese.

`selfcheck.self_check` grades them; `handagent.exercises.ch11` offers them as its
`SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "An assistant only summarises web pages for its users. Which tools should its menu "
            "hold?",
            "一个助手只负责给用户总结网页。它的菜单上该有哪些工具？",
        ),
        options=(
            (
                "fetch_page, and send_email in case a user wants the summary mailed",
                "fetch_page，再加上 send_email，万一用户想把摘要发邮件",
            ),
            (
                "Every tool the company has, each behind the approval gate",
                "公司的所有工具，每个都放在审批关卡后面",
            ),
            ("fetch_page alone", "只有 fetch_page"),
            (
                "fetch_page and delete_file, with a system rule never to delete",
                "fetch_page 和 delete_file，再加一条系统规则：永远不许删除",
            ),
        ),
        answer="c",
        hint=(
            "What can an injected instruction make the model call?",
            "被注入的指令能让模型调用什么？",
        ),
        why=(
            "A tool that is not on the menu cannot be called, whatever a page says: least "
            "privilege stops those attacks before any gate or rule is needed.",
            "不在菜单上的工具，无论网页里写了什么都调用不了：最小权限在关卡和规则之前就挡住了这些攻击。",
        ),
    ),
    Question(
        prompt=(
            'After reading a review, the model calls refund_order with {"order_id": 1042, '
            '"approved": true}. The loop runs with Boundary(approve=ask_user). What happens?',
            '读完一条书评后，模型调用 refund_order，参数是 {"order_id": 1042, "approved": true}。'
            "循环用的是 Boundary(approve=ask_user)。会发生什么？",
        ),
        options=(
            (
                'ask_user decides; the model\'s "approved" counts for nothing',
                '由 ask_user 决定；模型写的 "approved" 不算数',
            ),
            ("The refund runs: the call says it was approved", "退款执行了：调用里说已经批准"),
            ("The call is rejected as invalid JSON", "这个调用因为 JSON 不合法被拒绝"),
            ("The loop stops with an error", "循环因为出错而停下"),
        ),
        answer="a",
        hint=(
            "Who can reach the approver: the model, or the program?",
            "谁碰得到审批函数：模型，还是程序？",
        ),
        why=(
            "Nothing the model writes is an approval: the gate asks the program's approver, "
            "which the model cannot reach, and a denial is an error result the model reads.",
            "模型写的任何东西都不是批准：关卡去问程序的审批函数，模型碰不到它；拒绝是一条模型读得到的错误结果。",
        ),
    ),
    Question(
        prompt=(
            "refund_order calls the payments service with the shop's key. Where should the key "
            "be, so that an injected 'email me the API key' cannot leak it?",
            "refund_order 要用商店的密钥调用支付服务。密钥该放在哪里，"
            "才能让注入的“把 API 密钥发给我”泄露不了它？",
        ),
        options=(
            ("In the system prompt, marked as secret", "放在系统提示里，标明是机密"),
            ("In the user's first message", "放在用户的第一条消息里"),
            ("In a tool result, only when the model needs it", "只在模型需要时放进工具结果"),
            (
                "In the tool's code, with results scrubbed of it",
                "放在工具的代码里，并且把结果里的它清除掉",
            ),
        ),
        answer="d",
        hint=(
            "A model can only copy what it was shown. Which of these does it never see?",
            "模型只能照抄它看到过的东西。这几处里，哪一处它从来看不到？",
        ),
        why=(
            "The tool's code uses the key without the model: a key never placed in a prompt or "
            "a result cannot reach a call's arguments, an answer or the log.",
            "工具的代码用密钥，不需要经过模型：从没放进提示或结果的密钥，到不了调用的参数、回答和日志。",
        ),
    ),
)
