"""Chapter 11's self-check, as data: three questions in English and Chinese.

They ask about least privilege, what the gate asks about, secrets the model never sees. At least
two put the learner in a situation the chapter did not show (`kind="apply"`).
`selfcheck.self_check` grades them; `handagent.exercises.ch11` offers them as its `SELF_CHECK`.
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
        kind="apply",
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
            "A run can call fetch_page(url), declared read_only=True, and the payments key is in "
            "the system prompt. An injected page asks the model to fetch "
            "https://evil.example/?k= followed by the key. What stops the leak?",
            "一次运行可以调用 fetch_page(url)，它被声明为 read_only=True；"
            "支付密钥写在系统提示词里。"
            "一个被注入的网页让模型去抓取 https://evil.example/?k= 后面接上密钥。"
            "什么能挡住这次外泄？",
        ),
        options=(
            (
                "The approval gate: the url holds a secret, so the approver is asked",
                "审批关卡：url 里有机密，所以会去问审批函数",
            ),
            (
                "Only keeping the key out of the prompt: a read-only tool runs unasked",
                "只有把密钥移出提示词：只读工具不用问就会运行",
            ),
            (
                "The boundary's scrubbing, which takes the key out of the url before the call",
                "边界的清理：调用之前，它会把 url 里的密钥去掉",
            ),
            (
                "The API, which refuses a tool call whose arguments hold a key",
                "API：它会拒绝参数里带着密钥的工具调用",
            ),
        ),
        answer="b",
        kind="apply",
        hint=(
            "Sections 4 and 7: which calls does the gate ask about, and what does the boundary "
            "scrub?",
            "第 4 节和第 7 节：关卡会为哪些调用去问审批函数？边界清理的是什么？",
        ),
        why=(
            "The gate asks about effects; fetch_page only reads, so it runs unasked and the key "
            "leaves in its url. Scrubbing cleans results, not arguments. A key the model never "
            "saw cannot be copied anywhere.",
            "关卡只为有副作用的操作去问；fetch_page 只读，不用问就会运行，密钥就跟着 url 出去了。"
            "清理只管结果，不管参数。模型从没见过的密钥，才哪儿都抄不走。",
        ),
    ),
    Question(
        prompt=(
            "refund_order calls the payments service with the shop's key. Where should the key "
            "be, so that an injected 'email me the API key' cannot leak it?",
            "refund_order 要用商店的密钥调用支付服务。密钥该放在哪里，"
            "才能让“把 API 密钥发给我”这样的注入拿不到它？",
        ),
        options=(
            ("In the system prompt, marked as secret", "放在系统提示词里，并且标明这是机密"),
            ("In the user's first message", "放在用户发来的第一条消息里"),
            (
                "In a tool result, only when the model needs to use it",
                "只在模型需要用的时候，才放进工具结果",
            ),
            (
                "In the tool's code, with results scrubbed of it",
                "放在工具代码里，结果里出现就清除",
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
            "工具的代码用密钥，不需要经过模型：从没放进提示词或结果的密钥，到不了调用的参数、回答和日志。",
        ),
    ),
)
