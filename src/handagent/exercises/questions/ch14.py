"""Chapter 14's self-check, as data: three questions in English and Chinese.

They ask what a model sees of a cleared result, what a clearing does to the prompt cache, and
what a memory tool answers a path that climbs out. All three put the learner in a situation the
chapter did not show (`kind="apply"`). `selfcheck.self_check` grades them;
`handagent.exercises.ch14` offers them as its `SELF_CHECK`.
"""

from ..selfcheck import Question

SELF_CHECK = (
    Question(
        prompt=(
            "An agent runs with clear_tool_uses (keep 3 tool uses). At request 40 it needs a "
            "price that a tool returned at request 5, and it wrote nothing to memory. What does "
            "the model read where that result was?",
            "一个智能体开着 clear_tool_uses（保留 3 次工具调用）。到第 40 次请求时，它需要第 5 次"
            "请求里某个工具返回的价格，而它没往记忆里写任何东西。模型在那条结果的位置读到什么？",
        ),
        options=(
            ("The price, since your program still sends it", "那个价格，因为你的程序还在发送它"),
            (
                "A placeholder: it must call the tool again or do without",
                "一个占位说明：它得再调用一次工具，或者不用这个价格",
            ),
            (
                "A short summary of the result that the API wrote in its place",
                "API 在原处写的一段结果摘要",
            ),
            (
                "An error: request 40 is refused until the history is trimmed by hand",
                "一个错误：第 40 次请求被拒绝，直到你手动删减历史",
            ),
        ),
        answer="b",
        kind="apply",
        hint=(
            "Section 2: what does the server do with an old result before the model reads it, "
            "and what does it report?",
            "第 2 节：服务器在模型读之前怎么处理旧的结果？它报告了什么？",
        ),
        why=(
            "Context editing clears the oldest results on the server: the model reads a "
            "placeholder, not a summary, so a fact needed later must be fetched again or written "
            "to memory first (the docs pair the two for that reason).",
            "上下文编辑在服务器上清掉最早的结果：模型读到的是一个占位说明，不是摘要；以后还要用的"
            "事实，要么重新获取，要么事先写进记忆（文档正是因此把两者放在一起讲）。",
        ),
    ),
    Question(
        prompt=(
            "Your requests cache the tools and the system prompt, and a second breakpoint near "
            "the end of the history. At request 30, clear_tool_uses clears the results of "
            "requests 1-20. What does request 30 read from the cache?",
            "你的请求缓存了工具和系统提示词，历史末尾附近还有第二个断点。第 30 次请求时，"
            "clear_tool_uses 清掉了第 1–20 次请求的结果。第 30 次请求能从缓存里读到什么？",
        ),
        options=(
            (
                "Everything up to the second breakpoint, exactly as it did before the clearing "
                "happened at all",
                "第二个断点之前的一切，和清除发生之前完全一样，一点不少",
            ),
            (
                "Nothing: a clearing turns the cache off for the run",
                "什么也读不到：一次清除就让整个运行不再缓存",
            ),
            (
                "The tools and system prompt; the history from the first cleared result is "
                "written again",
                "工具和系统提示词；从第一条被清除的结果起，历史要重新写入缓存",
            ),
            ("Only the cleared results, which the cache keeps", "只有被清掉的结果，缓存还留着它们"),
        ),
        answer="c",
        kind="apply",
        hint=(
            "Chapter 03's rule: a cached prefix is read only while every byte of it is the same. "
            "Which bytes did the clearing change?",
            "第 03 章的规则：缓存的前缀只有每个字节都没变才读得到。清除改动了哪些字节？",
        ),
        why=(
            "The prefix up to the first cleared block is unchanged and still read; from there on "
            "the model reads different bytes, so that part is written again. That is why "
            "clear_at_least exists: clear enough at once to be worth the write.",
            "第一个被清除的块之前的前缀没变，照样读得到；从那里往后模型读到的字节不同了，"
            "那部分要重新写入。clear_at_least 正是为此而设：一次清够多，才值得这次写入。",
        ),
    ),
    Question(
        prompt=(
            'A model calls your memory tool with {"command": "view", "path": '
            '"/memories/../../etc/app.env"}. What should your program answer?',
            '模型这样调用你的记忆工具：{"command": "view", "path": '
            '"/memories/../../etc/app.env"}。你的程序应该怎么回应？',
        ),
        options=(
            ("The file, since the model asked for it", "那个文件，因为模型要了"),
            (
                "Nothing: the API refuses such a path before it reaches your program",
                "什么都不用：API 在它到达你的程序之前就拒绝了这种路径",
            ),
            (
                "The same file from inside /memories, with the dots dropped",
                "去掉那些点，换成 /memories 里同名的文件",
            ),
            (
                "An error result saying the path would leave /memories",
                "一个错误结果，说这个路径会跑出 /memories",
            ),
        ),
        answer="d",
        kind="apply",
        hint=(
            "Section 4: who runs the memory tool, and what did it answer the paths that climbed?",
            "第 4 节：记忆工具由谁运行？它怎么回应那些往上爬的路径？",
        ),
        why=(
            "The memory tool runs on the client: the API passes the path on as the model wrote "
            "it, so your program checks every path before it touches anything, and answers an "
            'is_error result the model can read ("would escape /memories directory").',
            "记忆工具在客户端运行：API 把模型写的路径原样转过来，所以你的程序要在动任何东西之前"
            "检查每个路径，并回一个模型读得懂的 is_error 结果（“would escape /memories "
            "directory”）。",
        ),
    ),
)
