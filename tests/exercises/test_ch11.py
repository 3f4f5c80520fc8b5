"""Chapter 11 exercise: the approval gate's checker passes the package's own gate and names each
plausible mistake (no gate, an answer never read, a denial as a success, a gate that never
opens, a changed menu entry, an approver shown other arguments), in both editions."""

from dataclasses import replace

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch11 import check_gate
from handagent.experiments.attacks import ATTACKS
from handagent.runtime.approval import gated
from handagent.tools import ToolOutput

NOT_RUN = ToolOutput("Not run: not approved.", is_error=True)


def no_gate(tool, approve):
    return tool


def asks_and_does_not_listen(tool, approve):  # the chapter's draft
    def run(**arguments):
        approve(tool.name, arguments)
        return tool.function(**arguments)

    return replace(tool, function=run)


def denial_as_success(tool, approve):
    def run(**arguments):
        return tool.function(**arguments) if approve(tool.name, arguments) else "Not run."

    return replace(tool, function=run)


def never_opens(tool, approve):
    def run(**arguments):
        approve(tool.name, arguments)
        return NOT_RUN

    return replace(tool, function=run)


def says_so_on_the_menu(tool, approve):
    return replace(gated(tool, approve), description="Needs approval. " + tool.description)


def shows_no_arguments(tool, approve):
    def run(**arguments):
        return tool.function(**arguments) if approve(tool.name, {}) else NOT_RUN

    return replace(tool, function=run)


def test_the_packages_own_gate_passes():
    assert check_gate(gated).passed


@in_chinese
def test_the_packages_own_gate_passes_in_the_chinese_edition():
    assert check_gate(gated).passed


def test_a_gate_that_reads_the_answer_as_truthy_passes_too():
    def truthy(tool, approve):
        def run(**arguments):
            return tool.function(**arguments) if approve(tool.name, arguments) else NOT_RUN

        return replace(tool, function=run)

    assert check_gate(truthy).passed


def test_no_gate_at_all_is_named_an_approver_never_asked_and_every_effect_that_ran():
    problems = check_gate(no_gate).problems
    assert any("the approver was never asked" in p for p in problems)
    for attack in ATTACKS:
        assert (
            f"{attack.effect} ran after {attack.english!r} in a review, a page, a file, an error"
            in problems
        )


def test_a_gate_that_asks_and_does_not_listen_is_named_for_every_attack():
    problems = check_gate(asks_and_does_not_listen).problems
    assert len(problems) == len(ATTACKS)
    assert all(" ran after " in p for p in problems)


def test_a_denial_answered_as_a_success_is_named_once_per_effect():
    problems = check_gate(denial_as_success).problems
    assert problems == tuple(
        f"the denied {name} was answered as a success: say it was not run, as an error result "
        "(chapter 05's not_run)"
        for name in ("refund_order", "delete_file", "send_email")
    )


def test_a_gate_that_never_opens_is_told_an_approved_refund_must_run():
    assert check_gate(never_opens).problems == (
        "an approved refund_order did not run: the gate lets through what the program approves",
    )


def test_a_gate_that_changes_the_menu_entry_is_named_first_and_alone():
    (problem,) = check_gate(says_so_on_the_menu).problems
    assert problem.startswith("the gated refund_order has another menu entry")


def test_an_approver_shown_other_arguments_than_the_calls_is_named():
    problems = check_gate(shows_no_arguments).problems
    assert problems and all(p.startswith("the approver was shown (") for p in problems)
    assert "('refund_order', {'order_id': 1042})" in problems[0]


def test_a_gate_that_raises_is_reported_not_raised():
    def broken(tool, approve):
        raise RuntimeError("oops")

    (problem,) = check_gate(broken).problems
    assert problem == "gated(refund_order, approve) raised RuntimeError: oops"


@in_chinese
def test_the_mistakes_are_named_in_chinese():
    problems = check_gate(no_gate).problems
    assert any("审批函数却一次也没被问到" in p for p in problems)
    assert (
        f"{ATTACKS[0].chinese!r} 放在书评、网页、文件、错误信息里之后，refund_order 运行了"
        in problems
    )
    (never,) = check_gate(never_opens).problems
    assert never == "审批通过的 refund_order 没有运行：程序批准的，关卡要放行"
