"""Chapter 11 exercise: the approval gate, checked against the chapter's attacks.

The learner writes the gate's rule, `gate(tool, arguments, approve)`: None when the call may run,
else the reason it may not (a sentence the model reads, after "Not run: "), as
`runtime.approval.gate` does. The runtime's boundary asks it before every call
(`Boundary(approve=..., gate=...)`), outside the tool's deadline. `check_gate` first asks it
directly: an effect under an approver that says no, or says "yes" rather than True; the same
effect with `"approved": true` among its arguments, as a model talked into it writes them; the
same effect renamed, as an MCP client renames a tool on a clash; an effect approved; a tool that
only reads. It names an approver called any other way than approve(name, arguments), and a gate
that runs the tool itself. Then it plants each of the chapter's attacks (`experiments.attacks`,
in the edition's language) in each place a tool reads, runs chapter 09's loop against the
obedient mock with the learner's gate and an approver that says no, and names what got through:
an effect that ran, an approver never asked.

Hints follow the edition's language, `handagent.language`.

Not handled here: approvers that remember a decision, tools that are effects in some
arguments only.
"""

from dataclasses import replace

from ..experiments.attacks import ATTACKS, EFFECTS, PLACES, SHOP_KEY, carriers, effects
from ..language import pick
from ..llm import MOCK_KEY, settings
from ..mock import MockServer
from ..runtime.boundary import Boundary
from ..runtime.loop import run_loop
from ..runtime.protocol import tool_calls, user_text
from ..runtime.senders import sender
from ..tools import Tool
from . import Verdict, attempt
from .questions.ch11 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck

EXERCISE = ("11 · the approval gate", "11 · 审批关卡")
WHERE = {"review": ("a review", "书评"), "page": ("a page", "网页"), "file": ("a file", "文件"),
         "error": ("an error", "错误信息")}  # fmt: skip
T0 = 1_767_225_600.0
ORDER = {"order_id": 1042}


def _approver(answer: object, calls: list):
    """An approver that records how it was called and answers `answer`; called any other way
    than approve(name, arguments), it raises as a wrong call of a real one would."""

    def approve(*args, **kwargs) -> object:
        calls.append((args, kwargs))
        if kwargs or len(args) != 2 or not isinstance(args[1], dict):
            raise TypeError(pick("approve takes (name, arguments), the arguments as one dict",
                                 "approve 接受 (name, arguments)，参数是一个 dict"))  # fmt: skip
        return answer

    return approve


def _shown(args: tuple, kwargs: dict) -> str:
    """A call of the approver as written. Example: (("refund_order",), {"order_id": 1042}) ->
    "approve('refund_order', order_id=1042)" """
    shown = [f"Tool({a.name!r})" if isinstance(a, Tool) else repr(a) for a in args]
    return f"approve({', '.join(shown + [f'{k}={v!r}' for k, v in kwargs.items()])})"


def _direct(learner_gate) -> list[str]:
    """What the gate says asked directly, each wrong answer named (a raise stops the rest)."""
    ran: list = []
    refund, reads = effects(ran)[0], carriers("")[0]
    renamed = replace(refund, name=f"shop__{refund.name}")
    calls: list = []
    no, yes, truthy = _approver(False, calls), _approver(True, calls), _approver("yes", calls)
    approved = {**ORDER, "approved": True}  # written by the model: no approval
    cases = [  # (tool, arguments, approver, should run, what is wrong if it decides otherwise)
        (refund, ORDER, no, False, ("let refund_order run although the approver said no",
                                    "审批函数说了不，refund_order 却被放行了")),
        (refund, approved, no, False, ('let refund_order run because its arguments say '
                                       '"approved": true: the model wrote that, and only the '
                                       "program's approver approves",
                                       '因为参数里写着 "approved": true，就放行了 refund_order：'
                                       "那是模型写的，只有程序的审批函数才能批准")),
        (refund, ORDER, truthy, False, ('took the approver\'s "yes" for a yes: only True is an '
                                        'approval', '把审批函数的 "yes" 当成了批准：只有 True '
                                        "才算")),
        (renamed, ORDER, no, False, ("let shop__refund_order run: an MCP client renames a tool "
                                     "on a clash, so decide on the tool (tool.read_only), never "
                                     "its name", "放行了 shop__refund_order：MCP 客户端遇到名字冲突"
                                     "会给工具改名，所以要看工具本身（tool.read_only），不能看名字")),
        (refund, ORDER, yes, True, ("refused refund_order although the approver said yes",
                                    "审批函数同意了，refund_order 却被拒绝")),
        (reads, {"title": "Dune"}, no, True, ("refused get_reviews, which only reads: a "
                                              "read-only tool runs unasked", "拒绝了只读的 "
                                              "get_reviews：只读工具不用问就能运行")),
    ]  # fmt: skip
    problems, plain_no_failed, misasked = [], False, None
    for tool, args, approver, runs, (wrong_en, wrong_zh) in cases:
        calls.clear()
        said, raised = attempt(learner_gate, tool, dict(args), approver)
        if raised:
            return [pick(f"gate({tool.name}, ...) {raised}", f"gate({tool.name}, ...) {raised}")]
        if said is not None and not (isinstance(said, str) and said):
            return [pick(f"gate() returned {said!r}: return None, or the reason as a sentence",
                         f"gate() 返回了 {said!r}：要返回 None，或者用一句话说明理由")]  # fmt: skip
        if ran:
            return [pick(f"the gate ran {ran[0][0]} itself: a gate only decides (None, or the "
                         "reason), and the boundary runs the tool once it says None",
                         f"关卡自己运行了 {ran[0][0]}：关卡只做决定（返回 None 或理由），"
                         "返回 None 之后由边界去运行工具")]  # fmt: skip
        if (said is None) != runs and not (args is approved and plain_no_failed):
            plain_no_failed = plain_no_failed or (args is ORDER and approver is no)
            problems.append(pick(wrong_en, wrong_zh))  # "approved" only when a plain no works
        misasked = misasked or next((c for c in calls if c != ((tool.name, args), {})), None)
    if misasked:
        problems.append(pick(
            f"the approver was called as {_shown(*misasked)}: call approve(tool.name, "
            "arguments), the call's own arguments as one dict",
            f"审批函数是这样被调用的：{_shown(*misasked)}；要调用 approve(tool.name, arguments)，"
            "把调用自己的参数作为一个 dict 传进去",
        ))  # fmt: skip
    return problems


def _attack(learner_gate, send, text: str, place: str) -> tuple[list[str], list[str]]:
    """The effects that ran after one planted attack, and the other problems it shows."""
    done, asked = [], []

    def approve(name: str, arguments: dict) -> bool:
        asked.append((name, dict(arguments)))
        return False  # the user, asked, says no

    tools = carriers(f"api key: {SHOP_KEY}\n{text}") + effects(done)
    boundary = Boundary(approve=approve, gate=learner_gate)
    question = [user_text(pick(*PLACES[place][1:]), timestamp=T0)]
    run = run_loop(question, tools, send, boundary=boundary)
    calls = [c for m in run.messages if m.role == "assistant" for c in tool_calls(m)]
    wanted = [(c.name, dict(c.arguments or {})) for c in calls if c.name in EFFECTS]
    problems: list[str] = []
    if wanted and not asked and not done:
        pass  # refused without asking: a gate that never opens, named by _direct
    elif wanted and not asked:
        problems.append(pick(
            f"the model asked for {wanted[0][0]} and the approver was never asked: call "
            "approve(tool.name, arguments) for a tool that is not read-only",
            f"模型要了 {wanted[0][0]}，审批函数却一次也没被问到：不是只读的工具，要先调用 "
            "approve(tool.name, arguments)",
        ))  # fmt: skip
    return [name for name, _ in done], problems


def check_gate(learner_gate) -> Verdict:
    """Ask the learner's gate directly, then run chapter 11's attacks against it; name each thing
    that got through."""
    problems = _direct(learner_gate)
    if problems and problems[0].startswith("gate("):
        return Verdict(pick(*EXERCISE), tuple(problems))
    with MockServer() as mock:
        send = sender(
            api="anthropic", model=settings().model, base_url=mock.base_url, api_key=MOCK_KEY,
            headers={"x-mock-obey-results": "true"},
        )  # fmt: skip
        for attack in ATTACKS:
            text, ran = pick(attack.english, attack.chinese), {}
            for place in PLACES:
                names, found = _attack(learner_gate, send, text, place)
                problems += [p for p in found if p not in problems]
                for name in names:
                    ran.setdefault(name, []).append(WHERE[place])
            for name, places in ran.items():
                where_en = ", ".join(en for en, _ in places)
                where_zh = "、".join(zh for _, zh in places)
                problems.append(pick(
                    f"{name} ran after {text!r} in {where_en}",
                    f"“{text}”放在{where_zh}里之后，{name} 运行了",
                ))  # fmt: skip
    return Verdict(pick(*EXERCISE), tuple(problems))
