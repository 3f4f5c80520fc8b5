"""Chapter 03's self-check, as data: three questions in English and Chinese.

They ask about the whole reply kept, every call answered in time, results trusted. At least two
put the learner in a situation the chapter did not show (`kind="apply"`). `selfcheck.self_check`
grades them; `handagent.exercises.ch03` offers them as its `SELF_CHECK`.
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
                "有内容的那些块：tool_use，再加上回复里可能有的文字",
            ),
            (
                "reply.content as it came: every block, unmodified, in order",
                "原样的 reply.content：每个块都不改，按原顺序",
            ),
            (
                "The tool_use, with the thinking turned into one text block",
                "tool_use，再把思考块合成一个文本块",
            ),
        ),
        answer="c",
        hint=(
            "Section 2: what does the documentation ask of the thinking blocks of the latest "
            "assistant message? (In section 7, a history the provider accepted is no proof.)",
            "第 2 节：对最新那条 assistant 消息里的思考块，文档有什么要求？"
            "（第 7 节里，服务商接受了的对话历史并不说明做对了。）",
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
            "A tool starts a report that takes an hour. The user wants to go on chatting "
            "meanwhile, in the same conversation. What must the next request do about the call?",
            "一个工具启动了一份要跑一小时的报表。这段时间里，用户想在同一段对话里接着聊。"
            "下一个请求该怎么对待这个调用？",
        ),
        options=(
            (
                "Leave it open: its result can follow in an hour, when the report is ready",
                "先不管它：一小时后报表好了，再补上结果",
            ),
            (
                'Answer it now, with a result such as "started: report 17, ready at 15:00"',
                "现在就回应它，比如“已启动：报表 17，15:00 完成”",
            ),
            (
                "Take the tool_use out of the history until the report is done",
                "报表完成之前，先把这个 tool_use 从对话历史里暂时拿掉",
            ),
            (
                "Hold the result back, and send it later as a system message",
                "先扣住结果，以后再作为 system 消息发出去",
            ),
        ),
        answer="b",
        kind="apply",
        hint=(
            "Section 5, and chapter 02's section 8: by when must every call have its answer?",
            "第 5 节和第 02 章第 8 节：每个调用最晚什么时候要有回应？",
        ),
        why=(
            "Every tool_use is answered in the very next user message, or the request is "
            "refused. A result is text your program writes, so it can say that the work has "
            "started and how to ask about it later.",
            "每个 tool_use 都要在紧接着的那条 user 消息里得到回应，否则请求会被拒绝。"
            "结果是你的程序写的文字，完全可以写“已经开始了”，以及之后怎么查进度。",
        ),
    ),
    Question(
        prompt=(
            "A stock-price tool reads a cache that stopped updating yesterday, and returns "
            "yesterday's price without a date. The user asks for today's price. What can the "
            "model do about it?",
            "一个查股价的工具读的是缓存，而缓存昨天就不再更新了；它返回昨天的价格，没写日期。"
            "用户问今天的价格。模型对此能做什么？",
        ),
        options=(
            (
                "Notice it: the model compares each price with what it learned in training",
                "能察觉：模型会拿价格和训练时学到的对比",
            ),
            (
                "Ask the API, which checks tool results against live market data",
                "去问 API，API 会拿实时行情核对工具结果",
            ),
            (
                "Call the tool twice, and trust the price only if both calls agree",
                "调两次工具，两次一致才相信这个价格",
            ),
            (
                "Nothing reliable: it cannot tell a stale price from a fresh one",
                "靠不住：它分不清旧价格和新价格",
            ),
        ),
        answer="d",
        kind="apply",
        hint=(
            "Section 8: what could the model check about the lying clock's answer?",
            "第 8 节：对那只撒谎的钟给的答案，模型能核对什么？",
        ),
        why=(
            "A result is text the model takes on trust: it cannot see that the cache is stale, "
            "and asking twice repeats the stale price. Fix the cache, or put the price's date in "
            "the result.",
            "结果是模型只能相信的文字：它看不出缓存过期了，问两次也只是把旧价格重复一遍。"
            "要么修好缓存，要么在结果里写上价格的日期。",
        ),
    ),
)
