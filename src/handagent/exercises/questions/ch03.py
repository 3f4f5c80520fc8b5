"""Chapter 03's self-check, as data: three questions in English and Chinese.

`selfcheck.self_check` grades them; `handagent.exercises.ch03` offers them as its
`SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "The reply holds [thinking, thinking, tool_use]; the thinking texts are empty. What "
            "goes into the history as the assistant message?",
            "回复里是 [thinking, thinking, tool_use]，思考块的文字都是空的。"
            "放进对话历史的 assistant 消息应该是什么？",
        ),
        options=(
            ("The tool_use block: it is what the result answers", "tool_use 块：结果回应的就是它"),
            (
                "The blocks with something in them: the tool_use, and any text",
                "有内容的那些块：tool_use，以及可能有的文字",
            ),
            (
                "reply.content as it came: every block, unmodified, in order",
                "原样的 reply.content：每个块都在，不改动，按原来的顺序",
            ),
            (
                "The tool_use, with the thinking turned into one text block",
                "tool_use，再把思考块合成一个文本块",
            ),
        ),
        answer="c",
        hint=(
            "Look at section 7: what did the provider say to each history that changed it?",
            "看第 7 节，对每段被改动过的对话历史，服务商分别是怎么说的？",
        ),
        why=(
            "The result needs its tool_use to pair with, and the API's documentation says "
            "thinking blocks go back unmodified, in order: an edited or moved block is a 400 "
            "(section 7 says what is and is not known of a dropped one).",
            "结果需要有它的 tool_use 来配对，而 API 的文档要求思考块原样、按顺序发回："
            "改写或挪动一个块就是 400（丢掉一个块会怎样，哪些已知、哪些未知，见第 7 节）。",
        ),
    ),
    Question(
        prompt=(
            "Which role does the message carrying the tool_result blocks have?",
            "装着 tool_result 块的那条消息，role 是什么？",
        ),
        accept=("user", "用户", "user 消息"),  # Chinese answers: what a zh-CN learner may write
        hint=(
            "Section 5: a conversation has two speakers. Who is speaking when a result is sent?",
            "看第 5 节，对话里只有两个说话的。送回结果的时候，是谁在说话？",
        ),
        why=(
            "user: a conversation's speakers are the model (assistant) and the program (user), "
            "and a result is the program speaking. A system message, on the models that take "
            "one, holds instructions as text only; OpenAI's wire format has a tool role, "
            "Anthropic's has none.",
            "是 user。对话里说话的只有模型（assistant）和程序（user），送回结果是程序在说话。"
            "较新的模型还接受 system 消息，但它只装文字形式的指示；OpenAI 的格式有 tool 角色，"
            "Anthropic 的没有。",
        ),
    ),
    Question(
        prompt=(
            "A tool returns a wrong answer with no error. What does the model do with it?",
            "一个工具返回了错误的答案，却没有报错。模型会怎么对待它？",
        ),
        options=(
            ("It always notices, and asks for the tool again", "它总会察觉，再调一次工具"),
            (
                "It cannot check it: it may notice or not, so correctness is your code's job",
                "它没法核对：可能察觉，也可能不察觉，所以对不对是你的代码的责任",
            ),
            ("The API refuses the result", "API 会拒绝这个结果"),
            ("It ignores results it cannot verify", "它会忽略无法核实的结果"),
        ),
        answer="b",
        hint=(
            "Section 8: what did the model say about the lying clock?",
            "看第 8 节，对那只撒谎的钟，模型是怎么说的？",
        ),
        why=(
            "The model has no way to check a result: it may flag an implausible one, or take it "
            "as given, so a tool's correctness is the program's job; results are also how a "
            "model learns what it cannot know.",
            "模型没法核对结果：离谱的结果它可能会指出来，也可能照单全收，所以工具对不对是程序的"
            "责任；模型得知它本不知道的事，靠的也正是结果。",
        ),
    ),
)
