"""Chapter 00's self-check, as data: three questions in English and Chinese.

They ask about a reply read by block type, thinking within max_tokens, memory. At least two put
the learner in a situation the chapter did not show (`kind="apply"`). `selfcheck.self_check`
grades them; `handagent.exercises.ch00` offers them as its `SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "A program reads reply.content[0].text. It ran for weeks on a model with thinking "
            "off; on the default model it fails on some replies and not on others. Why?",
            "一个程序用 reply.content[0].text 读回答。它在关掉思考的模型上跑了几个星期都没事；"
            "换到默认模型后，有的回复出错，有的不出错。为什么？",
        ),
        options=(
            (
                "On long replies the default model sends content as one plain string",
                "回复一长，content 就变成一个字符串",
            ),
            (
                "A reply that thought starts with a thinking block, which has no text",
                "思考过的回复以思考块开头，而思考块没有 text",
            ),
            (
                "Adaptive thinking makes the SDK shuffle a reply's blocks at random",
                "自适应思考会让 SDK 随机打乱回复里的块",
            ),
            (
                "The SDK leaves .text empty unless summarized thinking is asked for",
                "SDK 只在要了摘要式思考时才填 .text",
            ),
        ),
        answer="b",
        kind="apply",
        hint=(
            "Section 4: does every reply of the default model think, and what does a thinking "
            "block hold?",
            "第 4 节：默认模型的每条回复都会思考吗？思考块里有什么？",
        ),
        why=(
            "Thinking is adaptive: a reply that thought starts with a thinking block (its thinking "
            "and signature, no text), one that did not starts with text. Select blocks by type, "
            "as text_of does.",
            "思考是自适应的：思考过的回复以思考块开头（只有 thinking 和 signature，没有 text），"
            "没思考的回复以文本块开头。要按类型挑块，像 text_of 那样。",
        ),
    ),
    Question(
        prompt=(
            'A reply has stop_reason "max_tokens" and holds one thinking block, no text. Which '
            "field of the request do you raise to get an answer?",
            '一条回复的 stop_reason 是 "max_tokens"，里面只有一个思考块，没有文字。'
            "要拿到回答，该调大请求里的哪个字段？",
        ),
        accept=(
            "max_tokens",
            "max tokens",
            "max_tokens field",
            "max_tokens 字段",
            "max_tokens 参数",
        ),
        hint=(
            "Section 5: what do thinking tokens count toward?",
            "第 5 节：思考的 token 算在哪里？",
        ),
        why=(
            "max_tokens: thinking counts toward it, so a small limit can run out before the model "
            "writes a word of its answer.",
            "max_tokens：思考也算在它里面，上限给小了，模型回答的第一个字还没写出来就用完了。",
        ),
    ),
    Question(
        prompt=(
            "In a chat, each question is 100 tokens and each answer 400. With no thinking and no "
            "caching, about how many input tokens does the 10th request carry?",
            "一段聊天里，每个问题 100 个 token，每个回答 400 个。不算思考、不用缓存，"
            "第 10 个请求大约带多少输入 token？",
        ),
        options=(
            (
                "100: only the new question, since the model keeps the rest itself",
                "100：只有新问题，其余的模型自己记着",
            ),
            (
                "500: the new question and the answer just before it",
                "500：新问题，加上它前面那个回答",
            ),
            (
                "4,600: nine questions and answers, and the new question",
                "4,600：九问九答，再加上新问题",
            ),
            (
                "5,000: ten questions, and the ten answers the model will write",
                "5,000：十个问题，加上模型要写的十个回答",
            ),
        ),
        answer="c",
        kind="apply",
        hint=(
            "Section 3: what does each request send again, the model's own replies included?",
            "第 3 节：每个请求都要重发什么？模型自己的回复算不算？",
        ),
        why=(
            "Each request carries the whole history: nine questions and nine answers (4,500 "
            "tokens) and the new question. The model's own earlier replies are input too, paid "
            "again on every turn.",
            "每个请求都带着整段对话历史：九问九答（4,500 个 token），再加上新问题。"
            "模型自己之前的回复也是输入，每一轮都要再付一次钱。",
        ),
    ),
)
