"""Everything the mock model says in words, per language, and which language it answers in.

English and Chinese have every sentence; French, Spanish, German and Japanese have a few short
ones, used when a system prompt asks for that language ("Réponds en français"); a sentence they
lack becomes their "other". A system prompt asking for any other language gets, in English, a
sentence saying the mock cannot, then the English reply.

Not handled here: writing anything new (every reply is one of these sentences, or quotes a
tool's result), answering in the language the user writes in unless it is Chinese.
"""

import re

from .lexicon import LANGUAGE_NAMES

SAYINGS = {  # key -> {language: sentence}
    "hello": {
        "en": "Hello! How can I help?", "zh": "你好！有什么可以帮你的？",
        "fr": "Bonjour ! Comment puis-je vous aider ?", "es": "¡Hola! ¿En qué puedo ayudarte?",
        "de": "Hallo! Wie kann ich helfen?", "ja": "こんにちは！何かお手伝いできますか？",
    },
    "meet": {
        "en": "Nice to meet you, {}!", "zh": "你好，{}！很高兴认识你。", "fr": "Enchanté, {} !",
        "es": "¡Encantado, {}!", "de": "Freut mich, {}!", "ja": "はじめまして、{}さん！",
    },
    "your_name": {
        "en": "Your name is {}.", "zh": "你叫{}。", "fr": "Vous vous appelez {}.",
        "es": "Te llamas {}.", "de": "Du heißt {}.", "ja": "あなたの名前は{}です。",
    },
    "no_name": {
        "en": "I don't know your name: I only see this conversation, and it isn't in it.",
        "zh": "我不知道你的名字：我只能看到这段对话，而你在里面没说过。",
    },
    "other": {
        "en": "I'm a mock model with a few canned replies. Tell me your name, or give me tools.",
        "zh": "我是一个模拟模型，只会几句固定的回答。告诉我你的名字，或者给我一些工具吧。",
        "fr": "Je suis un modèle simulé : je ne connais que quelques phrases en français.",
        "es": "Soy un modelo simulado: solo sé unas pocas frases en español.",
        "de": "Ich bin ein simuliertes Modell und kenne nur ein paar Sätze auf Deutsch.",
        "ja": "私は模擬モデルなので、日本語は決まった文しか話せません。",
    },
    "check": {
        "en": "Let me check that.", "zh": "我来查一下。", "fr": "Je vérifie.",
        "es": "Déjame comprobarlo.", "de": "Ich sehe nach.", "ja": "確認します。",
    },
    "retry": {
        "en": "That failed; let me fix the arguments and try again.",
        "zh": "调用失败了，我改参数再试。",
        "fr": "Échec : je corrige les arguments et je réessaie.",
        "es": "Falló; corrijo los argumentos y lo intento de nuevo.",
        "de": "Das ging schief; ich korrigiere die Argumente und versuche es erneut.",
        "ja": "失敗しました。引数を直してもう一度試します。",
    },
    "says": {
        "en": "{} says: {}", "zh": "{} 返回{}", "fr": "{} répond : {}", "es": "{} dice: {}",
        "de": "{} sagt: {}", "ja": "{} の結果：{}",
    },
    "more_lines": {  # a long result, quoted by its first line
        "en": "{} (and {} more lines)", "zh": "{}（后面还有 {} 行）",
        "fr": "{} (et {} lignes de plus)", "es": "{} (y {} líneas más)",
        "de": "{} (und {} weitere Zeilen)", "ja": "{}（ほか {} 行）",
    },
    "error": {
        "en": "The {} tool reported an error: {}", "zh": "{} 工具报错：{}",
        "fr": "L'outil {} a signalé une erreur : {}", "es": "La herramienta {} dio un error: {}",
        "de": "Das Werkzeug {} meldete einen Fehler: {}", "ja": "{} ツールがエラーを返しました：{}",
    },
    "empty": {
        "en": "(no output)", "zh": "（无输出）", "fr": "(aucune sortie)", "es": "(sin salida)",
        "de": "(keine Ausgabe)", "ja": "（出力なし）",
    },
    "which": {
        "en": "Which {} do you mean? I need it for {}.", "zh": "你指的是哪个{}？调用 {} 需要它。",
        "fr": "Quel {} ? J'en ai besoin pour {}.", "es": "¿Qué {}? Lo necesito para {}.",
        "de": "Welches {}? Ich brauche es für {}.", "ja": "どの{}ですか？{} に必要です。",
    },
    "decline": {
        "en": "Sorry, I can't help with that: I have been asked not to discuss {}.",
        "zh": "抱歉，这个我帮不了：我被要求不讨论{}。",
        "fr": "Désolé, je ne peux pas parler de {}.", "es": "Lo siento, no puedo hablar de {}.",
        "de": "Leider darf ich nicht über {} sprechen.",
        "ja": "申し訳ありません。{}については話せません。",
    },
    "memory_check": {
        "en": "Let me check my memory first.", "zh": "我先看看我的记忆。",
        "fr": "Je consulte d'abord ma mémoire.", "es": "Primero reviso mi memoria.",
        "de": "Ich sehe zuerst in meinem Gedächtnis nach.", "ja": "まず記憶を確認します。",
    },
    "memory_write": {"en": "I'll note that in my memory.", "zh": "我把这个记到记忆里。"},
    "remembered": {"en": "Noted in my memory: {}.", "zh": "已记在记忆里：{}。"},
    "recalled": {"en": "From my memory: {}", "zh": "我的记忆里有：{}"},
    "cannot_speak": {
        "en": "I can't answer in {}: this mock model has canned sentences only in English, "
        "Chinese, French, Spanish, German and Japanese. In English:",
    },
}  # fmt: skip
END = {"zh": "。", "ja": "。"}  # how a sentence ends, where it is not "."
QUOTE = {"zh": "“{}”"}  # how a result is quoted inside a sentence, where it is not bare

# what it cannot know without tools, checked in this order: (what, what it lacks, what would help)
CANNOT_KNOW = {
    "weather": {
        "en": ("know today's weather", "internet access", "A weather site or tool would know."),
        "zh": ("知道今天的天气", "网络", "天气网站或者查天气的工具可以。"),
    },
    "file": {
        "en": ("read your files", "access to your disk", "Paste them here, or give me a tool."),
        "zh": ("读你的文件", "访问你磁盘的途径", "把内容贴进来，或者给我一个读文件的工具。"),
    },
    "live": {
        "en": ("know live prices or news", "internet access", "A website or a tool would know."),
        "zh": ("知道实时的价格或新闻", "网络", "网站或者工具可以。"),
    },
    "arithmetic": {
        "en": ("promise exact arithmetic on numbers this big", "calculator",
               "A calculator or a tool would get it right."),
        "zh": ("保证这么大的数算得准", "计算器", "用计算器，或者给我一个计算工具。"),
    },
    "time": {
        "en": ("know the current time", "clock",
               "Check your clock, or give me a tool that reads it."),
        "zh": ("知道现在几点", "时钟", "看一眼你的时钟，或者给我一个读时钟的工具。"),
    },
}  # fmt: skip
CANNOT = {"en": "I can't {0}: I have no {1}, only the text you send me. {2}",
          "zh": "我没法{0}：我没有{1}，只能看到你发来的文字。{2}"}  # fmt: skip

# "Answer in French", "Réponds en français", "Antworte auf Deutsch", "用中文回答"
ASKED = re.compile(
    r"\b(?:answer|respond|reply|speak|write|talk|communicate)\w*\b[^.?!\n]{0,30}?\b(?:in|using)\s+"
    r"(\w+)|\b(?:réponds|répondez|répondre|parlez|parle|écris|responde|contesta|habla)\w*\s+"
    r"(?:\w+\s+)?en\s+(\w+)|\bantworte\w*\s+(?:auf|in)\s+(\w+)|用(中文|汉语|英文|英语|法语|日语|德语)",
    re.I,
)


def language(system: object, text: str) -> str:
    """The language to answer in: the system prompt's request, else Chinese for Chinese text.

    Example: ("Always answer in French.", "hi") -> "fr";  (None, "现在几点") -> "zh"
    """
    if isinstance(system, list):
        system = " ".join(b.get("text", "") for b in system if isinstance(b, dict))
    for match in ASKED.finditer(system or ""):
        name = next(g for g in match.groups() if g).lower()
        if name in LANGUAGE_NAMES:
            return (
                LANGUAGE_NAMES[name] if LANGUAGE_NAMES[name] in SAYINGS["check"] else name.title()
            )
    return "zh" if re.search(r"[\u4e00-\u9fff]", text) else "en"


def say(key: str, lang: str, *values: object) -> str:
    """A canned sentence. Example: ("says", "en", "add", "6912") -> "add says: 6912"."""
    if lang not in SAYINGS["check"]:  # a language it has no sentences for
        return f"{SAYINGS['cannot_speak']['en'].format(lang)} {say(key, 'en', *values)}"
    return SAYINGS[key].get(lang, SAYINGS["other"][lang]).format(*values)


def cannot(concept: str, lang: str) -> str:
    """What it cannot know, in English or Chinese; another language gets its "other"."""
    if lang in CANNOT:
        return CANNOT[lang].format(*CANNOT_KNOW[concept][lang])
    if lang in SAYINGS["check"]:
        return say("other", lang)
    return f"{SAYINGS['cannot_speak']['en'].format(lang)} {cannot(concept, 'en')}"


def quoted(text: str, lang: str) -> str:
    """A tool's result as a sentence quotes it: in Chinese between “…”, without its own "。",
    so an English result's "." stays inside and the sentence's "。" follows the quote.

    Example: ("6912", "en") -> "6912";  ("Order 1042, delivered.", "zh") -> "“Order 1042,
    delivered.”"
    """
    return QUOTE[lang].format(text.removesuffix("。")) if lang in QUOTE else text


def sentence(text: str, lang: str) -> str:
    """A sentence with its full stop, in the language's own: a Chinese sentence ending in a
    quoted result ("…delivered.”") still gets its "。", so the next one does not run on.

    Example: ("add says: 6912", "en") -> "add says: 6912.";  ("find_order 返回“… delivered.”",
    "zh") -> "find_order 返回“… delivered.”。"
    """
    end = END.get(lang, ".")
    ended = text[-1:] in "。！？" or (text[-1:] in ".!?" and end == ".")
    return text if ended else text + end
