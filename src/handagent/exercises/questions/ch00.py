"""Chapter 00's self-check, as data: three questions in English and Chinese.

`selfcheck.self_check` grades them; `handagent.exercises.ch00` offers them as its
`SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "A reply's content may start with thinking blocks. How should a program get the "
            "answer's text?",
            "回复的 content 开头可能是思考块。程序该怎么拿到回答的文字？",
        ),
        options=(
            ("It reads the first block's text", "读第一个块的文字"),
            ("It reads the last block's text", "读最后一个块的文字"),
            (
                "It selects the blocks of type text (text_of does that)",
                "挑出所有 type 为 text 的块（text_of 就是这么做的）",
            ),
            (
                "It reads the thinking block, where the model wrote its answer",
                "读思考块，模型把回答写在那里",
            ),
        ),
        answer="c",
        hint=(
            "Section 4: which blocks may come before the text, and is there always one?",
            "第 4 节：文字前面可能有哪些块？文字一定有吗？",
        ),
        why=(
            "A reply may start with thinking blocks, or not, and may hold several text blocks: "
            "only their type says which is which.",
            "回复可能以思考块开头，也可能不是，还可能有好几个文本块：只有块的类型能说明哪个是哪个。",
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
            "max_tokens: thinking counts toward it, so a small limit can run out before the "
            "model writes a word of its answer.",
            "max_tokens：思考也算在它里面，上限给小了，模型回答的第一个字还没写出来就用完了。",
        ),
    ),
    Question(
        prompt=(
            "Turn 20 of a chat costs more input tokens than turn 1, for a question of the same "
            "length. Why?",
            "同样长短的问题，聊天的第 20 轮比第 1 轮花的输入 token 多。为什么？",
        ),
        options=(
            (
                "The model keeps a memory of the chat, and memory is billed",
                "模型为这段聊天保留了记忆，记忆要收费",
            ),
            (
                "Each request sends the whole history again: the model remembers nothing",
                "每个请求都把整段历史重新发一遍：模型什么都不记得",
            ),
            (
                "The price per token rises during a conversation",
                "对话进行当中，每个 token 的单价会上涨",
            ),
            (
                "Earlier replies' thinking is billed again as output",
                "之前回复里的思考，会再按输出计一次费",
            ),
        ),
        answer="b",
        hint=(
            "Section 3: what did the model know when a new request asked for Ada's name?",
            "第 3 节：新请求问 Ada 的名字时，模型知道些什么？",
        ),
        why=(
            "A model answers each request from that request alone, so a chat re-sends every "
            "earlier message, and pays for it as input, every turn.",
            "模型只凭每个请求本身作答，所以聊天的每一轮都要把之前的所有消息重发一遍，并为它们付输入的钱。",
        ),
    ),
)
