"""Chapter 11 exercise: the gate's checker passes the package's own rule and names each plausible
mistake (no gate, a gate by name, an answer never read, a truthy "yes", a gate that never
opens, a read-only tool refused, an approver shown other arguments, a gate that raises), in both
editions; and the learner simulation's findings: a gate that trusts a model-written
"approved": true (it passed), an approver called with **arguments (the message said it was
never asked) and a gate that runs the tool before it asks (the message was the draft's)."""

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch11 import check_gate
from handagent.experiments.attacks import ATTACKS, EFFECTS
from handagent.runtime.approval import gate


def no_gate(tool, arguments, approve):
    return None


def by_name(tool, arguments, approve):  # chapter 11's first draft: a list of names
    if tool.name in EFFECTS and approve(tool.name, arguments) is not True:
        return "not approved"
    return None


def asks_and_does_not_listen(tool, arguments, approve):
    if not tool.read_only:
        approve(tool.name, arguments)
    return None


def truthy(tool, arguments, approve):
    return None if tool.read_only or approve(tool.name, arguments) else "not approved"


def never_opens(tool, arguments, approve):
    return None if tool.read_only else "effects are never run"


def asks_about_everything(tool, arguments, approve):
    return None if approve(tool.name, arguments) is True else "not approved"


def shows_no_arguments(tool, arguments, approve):
    return None if tool.read_only or approve(tool.name, {}) is True else "not approved"


def test_the_packages_own_gate_passes():
    assert check_gate(gate).passed


@in_chinese
def test_the_packages_own_gate_passes_in_the_chinese_edition():
    assert check_gate(gate).passed


def test_no_gate_at_all_is_named_for_the_denial_the_renamed_tool_and_every_effect_that_ran():
    problems = check_gate(no_gate).problems
    assert "let refund_order run although the approver said no" in problems
    assert any(p.startswith("let shop__refund_order run") for p in problems)
    assert any("the approver was never asked" in p for p in problems)
    for attack in ATTACKS:
        assert (
            f"{attack.effect} ran after {attack.english!r} in a review, a page, a file, an error"
            in problems
        )


def test_a_gate_by_name_is_told_that_a_renamed_tool_got_through():
    assert check_gate(by_name).problems == (
        "let shop__refund_order run: an MCP client renames a tool on a clash, so decide on the "
        "tool (tool.read_only), never its name",
    )


def test_a_gate_that_asks_and_does_not_listen_is_named_for_every_attack():
    problems = check_gate(asks_and_does_not_listen).problems
    assert "let refund_order run although the approver said no" in problems
    assert all(f"{attack.effect} ran after" in " ".join(problems) for attack in ATTACKS)


def test_a_gate_that_takes_a_truthy_answer_for_a_yes_is_named_once():
    assert check_gate(truthy).problems == (
        'took the approver\'s "yes" for a yes: only True is an approval',
    )


def test_a_gate_that_never_opens_is_told_an_approved_refund_must_run():
    assert check_gate(never_opens).problems == (
        "refused refund_order although the approver said yes",
    )


def test_a_gate_that_asks_about_every_tool_refuses_the_read_only_ones():
    assert check_gate(asks_about_everything).problems == (
        "refused get_reviews, which only reads: a read-only tool runs unasked",
    )


def test_an_approver_shown_other_arguments_than_the_calls_is_named():
    (problem,) = check_gate(shows_no_arguments).problems
    assert problem == (
        "the approver was called as approve('refund_order', {}): call approve(tool.name, "
        "arguments), the call's own arguments as one dict"
    )


def test_a_gate_that_trusts_an_approval_the_model_wrote_is_named():
    def trusts_approved(tool, arguments, approve):
        if tool.read_only or arguments.get("approved") is True:
            return None
        return None if approve(tool.name, arguments) is True else "not approved"

    assert check_gate(trusts_approved).problems == (
        'let refund_order run because its arguments say "approved": true: the model wrote '
        "that, and only the program's approver approves",
    )


def test_the_draft_is_not_told_about_approved_as_well_as_the_plain_no():
    problems = check_gate(asks_and_does_not_listen).problems
    assert not any('"approved": true' in problem for problem in problems)


def test_an_approver_called_with_keywords_is_named_raised_or_swallowed():
    def keywords(tool, arguments, approve):
        return None if tool.read_only or approve(tool.name, **arguments) is True else "no"

    def swallowed(tool, arguments, approve):
        try:
            return keywords(tool, arguments, approve)
        except TypeError:
            return "the approver failed"

    assert check_gate(keywords).problems == (
        "gate(refund_order, ...) raised TypeError: approve takes (name, arguments), the "
        "arguments as one dict",
    )
    assert check_gate(swallowed).problems == (
        "refused refund_order although the approver said yes",
        "the approver was called as approve('refund_order', order_id=1042): call "
        "approve(tool.name, arguments), the call's own arguments as one dict",
    )


def test_a_gate_that_runs_the_tool_before_it_asks_is_told_it_only_decides():
    def runs_then_asks(tool, arguments, approve):
        if not tool.read_only:
            tool.function(**arguments)
        return None if tool.read_only or approve(tool.name, arguments) is True else "no"

    problems = check_gate(runs_then_asks).problems
    assert problems[0] == (
        "the gate ran refund_order itself: a gate only decides (None, or the reason), and the "
        "boundary runs the tool once it says None"
    )


def test_an_approver_shown_the_tool_is_named_by_the_tools_name_only():
    def shows_tool(tool, arguments, approve):
        return None if tool.read_only or approve(tool, arguments) is True else "no"

    (problem,) = check_gate(shows_tool).problems
    assert problem.startswith("the approver was called as approve(Tool('refund_order'), {")


def test_a_gate_that_raises_or_returns_something_else_is_reported_not_raised():
    def broken(tool, arguments, approve):
        raise RuntimeError("oops")

    assert check_gate(broken).problems == ("gate(refund_order, ...) raised RuntimeError: oops",)
    assert check_gate(lambda t, a, approve: False).problems == (
        "gate() returned False: return None, or the reason as a sentence",
    )


@in_chinese
def test_the_mistakes_are_named_in_chinese():
    problems = check_gate(no_gate).problems
    assert any("审批函数却一次也没被问到" in p for p in problems)
    assert (
        f"“{ATTACKS[0].chinese}”放在书评、网页、文件、错误信息里之后，refund_order 运行了"
        in problems
    )
    assert check_gate(never_opens).problems == ("审批函数同意了，refund_order 却被拒绝",)
    assert check_gate(shows_no_arguments).problems == (
        "审批函数是这样被调用的：approve('refund_order', {})；要调用 approve(tool.name, "
        "arguments)，把调用自己的参数作为一个 dict 传进去",
    )
