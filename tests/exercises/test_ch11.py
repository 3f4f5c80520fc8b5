"""Chapter 11 exercise: the gate's checker passes the package's own rule and names each plausible
mistake (no gate, a gate by name, an answer never read, a truthy "yes", a gate that never
opens, a read-only tool refused, an approver shown other arguments, a gate that raises), in both
editions."""

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
    assert problem.startswith("the approver was shown ('refund_order', {}), not the call")


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
        f"{ATTACKS[0].chinese!r} 放在书评、网页、文件、错误信息里之后，refund_order 运行了"
        in problems
    )
    assert check_gate(never_opens).problems == ("审批函数同意了，refund_order 却被拒绝",)
