"""Chapter 08 exercise: the checkpoint checker passes the reference solution and explains wrong
attempts (a crash on a missing path, no results for an aborted turn, a wrong tool_call_id...),
in both editions."""

import json
from dataclasses import dataclass

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch08 import check_checkpoint
from handagent.runtime.protocol import StopReason, ToolCall, tool_result_message

STOP_REASONS = ["stop", "tool_use", "length", "error", "aborted", "window", "pause", "refusal"]
READ_FILE_TOOL = {
    "name": "read_file",
    "description": (
        "Read a UTF-8 text file under the current workspace. Use this before editing a file "
        "you have not inspected."
    ),
    "input_schema": {
        "type": "object",
        "properties": {"path": {"type": "string", "description": "Workspace-relative file path."}},
        "required": ["path"],
        "additionalProperties": False,
    },
}


def extract_calls(message):
    return [block for block in message.content if isinstance(block, ToolCall)]


def reference_answer(message, files):
    results = []
    for call in extract_calls(message):
        if message.stop_reason == "aborted":
            results.append(tool_result_message(call, "aborted: not run", is_error=True))
            continue
        args = call.arguments
        if not (
            isinstance(args, dict) and list(args) == ["path"] and isinstance(args["path"], str)
        ):
            received = call.raw_arguments if args is None else json.dumps(args)
            text = f"Arguments must be {{path: string}} (path is required). Received: {received}"
            results.append(tool_result_message(call, text, is_error=True))
        elif args["path"] not in files:
            results.append(tool_result_message(call, f"No file {args['path']!r}.", is_error=True))
        else:
            results.append(tool_result_message(call, files[args["path"]]))
    return results


def problems_of(**changes) -> str:
    pieces = {
        "stop_reasons": STOP_REASONS,
        "read_file_tool": READ_FILE_TOOL,
        "extract_calls": extract_calls,
        "answer_calls": reference_answer,
    }
    verdict = check_checkpoint(**(pieces | changes))
    return "\n".join(verdict.problems)


def test_the_reference_solution_passes():
    verdict = check_checkpoint(STOP_REASONS, READ_FILE_TOOL, extract_calls, reference_answer)
    assert verdict.passed, verdict


def test_the_stop_reason_literal_and_camel_case_names_are_accepted():
    assert problems_of(stop_reasons=StopReason) == ""
    camel = ["stop", "toolUse", "length", "error", "aborted", "window", "pause", "refusal"]
    assert problems_of(stop_reasons=camel) == ""


def test_results_as_dicts_in_the_anthropic_or_the_seed_shape_are_accepted():
    def as_dicts(message, files):
        out = []
        for number, result in enumerate(reference_answer(message, files)):
            text = result.content[0].text
            if number % 2:
                out.append({"toolCallId": result.tool_call_id, "isError": result.is_error,
                            "content": [{"type": "text", "text": text}]})  # fmt: skip
            else:
                block = {"type": "tool_result", "tool_use_id": result.tool_call_id}
                out.append(block | {"content": text, "is_error": result.is_error})
        return out

    assert problems_of(answer_calls=as_dicts) == ""


def test_results_of_the_learners_own_dataclass_are_accepted():
    @dataclass(frozen=True)
    class MyToolResult:  # the seed's camelCase spelling
        toolCallId: str
        toolName: str
        isError: bool
        content: list

    def own_types(message, files):
        return [
            MyToolResult(r.tool_call_id, r.tool_name, r.is_error, [{"text": r.content[0].text}])
            for r in reference_answer(message, files)
        ]

    assert problems_of(answer_calls=own_types) == ""


def test_missing_stop_reasons_are_named():
    problems = problems_of(stop_reasons=["stop", "tool_use"])
    assert "stop_reasons lacks length, error, aborted" in problems
    assert "stop_reasons lacks window, pause, refusal" in problems


def test_the_source_texts_five_alone_are_told_about_todays_three():
    problems = problems_of(stop_reasons=STOP_REASONS[:5])
    assert "lacks window, pause, refusal" in problems and "refusal: not an error" in problems


def test_a_stop_reason_that_is_not_ours_is_named():
    assert "has finished, which is not one of the eight" in problems_of(
        stop_reasons=[*STOP_REASONS, "finished"]
    )


def test_a_schema_that_accepts_extra_properties_is_rejected():
    loose = {**READ_FILE_TOOL, "input_schema": {**READ_FILE_TOOL["input_schema"]}}
    del loose["input_schema"]["additionalProperties"]
    problems = problems_of(read_file_tool=loose)
    assert "input_schema accepts {'path': 'a.ts', 'mode': 'rb'}" in problems
    assert '"additionalProperties": false' in problems


def test_a_one_word_description_is_rejected():
    problems = problems_of(read_file_tool={**READ_FILE_TOOL, "description": "Read a file."})
    assert "description is too short" in problems


def test_a_description_that_never_says_when_is_told_to():
    quiet = "Reads a UTF-8 text file from the workspace and returns its text; long files are cut."
    problems = problems_of(read_file_tool={**READ_FILE_TOOL, "description": quiet})
    assert "does not say when to use the tool" in problems
    assert "too short" not in problems


def test_a_description_in_chinese_is_measured_as_an_english_one_is():
    chinese = "读取当前工作区里的一个 UTF-8 文本文件。编辑一个还没看过的文件之前，先用它读一遍。"
    assert not problems_of(read_file_tool={**READ_FILE_TOOL, "description": chinese})
    short = problems_of(read_file_tool={**READ_FILE_TOOL, "description": "读取文件。"})
    assert "description is too short" in short and "14 Chinese ones" in short


def test_extracting_only_the_last_block_is_rejected():
    problems = problems_of(extract_calls=lambda message: [message.content[-1]])
    assert "loop over every block of content" in problems


def test_crashing_on_a_missing_path_is_rejected_with_a_hint():
    def crashes(message, files):
        if message.stop_reason == "aborted":
            return reference_answer(message, files)
        return [
            tool_result_message(call, files[call.arguments["path"]])
            for call in extract_calls(message)
        ]

    problems = problems_of(answer_calls=crashes)
    assert "answer_calls raised KeyError: 'path'" in problems
    assert "answer a bad call with an is_error result instead of raising" in problems


def test_crashing_on_invalid_json_arguments_names_raw_arguments():
    def reads_arguments(message, files):
        calls = extract_calls(message)
        if any(call.raw_arguments for call in calls) and message.stop_reason != "aborted":
            return [call.arguments.get("path") for call in calls]
        return reference_answer(message, files)

    problems = problems_of(answer_calls=reads_arguments)
    assert "raised AttributeError" in problems
    assert "raw_arguments keeps the text" in problems


def test_no_results_for_an_aborted_message_is_rejected():
    def skips_aborted(message, files):
        return [] if message.stop_reason == "aborted" else reference_answer(message, files)

    problems = problems_of(answer_calls=skips_aborted)
    assert "For the 'aborted' message with 2 call(s), answer_calls returned 0 result(s)" in problems
    assert "An aborted turn's calls still need one each" in problems


def test_running_the_calls_of_an_aborted_turn_is_rejected():
    def runs_aborted(message, files):
        results = reference_answer(message, files)
        if message.stop_reason != "aborted":
            return results
        return [tool_result_message(extract_calls(message)[0], files["src/math.ts"]), results[1]]

    problems = problems_of(answer_calls=runs_aborted)
    assert "The result for call 1 of the aborted turn must not run the call" in problems


def test_a_wrong_tool_call_id_is_rejected():
    def cleans_ids(message, files):
        results = reference_answer(message, files)
        return [
            tool_result_message(
                ToolCall(r.tool_call_id.split("|")[0], r.tool_name, {}),
                r.content[0].text,
                is_error=r.is_error,
            )
            for r in results
        ]

    problems = problems_of(answer_calls=cleans_ids)
    assert "quotes tool_call_id 'call_Qx7Vb2Lr9Tm4Kd8Wn3Hs6Pj1'" in problems
    assert "copy call.id exactly" in problems


def test_an_error_without_is_error_is_rejected():
    def unflagged(message, files):
        return [
            tool_result_message(ToolCall(r.tool_call_id, r.tool_name, {}), r.content[0].text)
            for r in reference_answer(message, files)
        ]

    problems = problems_of(answer_calls=unflagged)
    assert "The result for a call missing path has is_error False" in problems


def test_a_stub_returning_none_is_told_to_return_a_list():
    problems = problems_of(answer_calls=lambda message, files: None)
    assert "answer_calls returned None; return a list with one result per tool call" in problems


def test_the_notebook_stub_gets_a_hint_for_each_of_its_mistakes():
    def stub_extract(message):
        return [message.content[-1]]

    def stub_answer(message, files):
        return [
            tool_result_message(call, files[call.arguments["path"]])
            for call in stub_extract(message)
        ]

    verdict = check_checkpoint(
        ["stop", "tool_use"], {"name": "read_file"}, stub_extract, stub_answer
    )
    problems = "\n".join(verdict.problems)
    assert not verdict.passed
    assert "A text block is not a call" in problems
    assert "may name a file that is not there" in problems
    assert "raw_arguments keeps the text" in problems
    assert "This turn was aborted: answer each call without running it." in problems
    assert "read_file_tool has no input_schema dict." in problems


def test_nothing_handed_in_gives_problems_not_an_exception():
    problems = check_checkpoint(None, None, None, None).problems
    assert "stop_reasons is None; give the eight values as a list of strings." in problems
    assert any("answer_calls raised TypeError" in problem for problem in problems)


# The Chinese edition: the same mistakes, hints in Chinese


@in_chinese
def test_the_reference_solution_passes_in_chinese():
    assert "全部检查通过" in str(check_checkpoint(STOP_REASONS, READ_FILE_TOOL, extract_calls,
                                                 reference_answer))  # fmt: skip


@in_chinese
def test_the_notebook_stub_is_told_in_chinese():
    def stub_extract(message):
        return [block for block in message.content if block.type == "tool_call"][:1]

    def stub_answer(message, files):
        return [
            tool_result_message(call, files[call.arguments["path"]])
            for call in stub_extract(message)
        ]

    short_tool = {"name": "read_file", "description": "Read a file.", "input_schema": {
        "type": "object", "properties": {"path": {"type": "string"}}}}  # fmt: skip
    verdict = check_checkpoint(["stop", "tool_use"], short_tool, stub_extract, stub_answer)
    problems = "\n".join(verdict.problems)
    assert "08 · 只读检查点：还没通过" in str(verdict)
    assert "stop_reasons 缺了 length, error, aborted" in problems
    assert "stop_reasons 缺了 window, pause, refusal" in problems
    assert "描述太短" in problems and "描述没说什么时候该用这个工具" in problems
    assert 'input_schema 接受了 {}；加上 "required": ["path"]。' in problems
    assert "遍历 content 的每一块，把每个 ToolCall 按顺序留下" in problems
    assert "answer_calls 抛出了 KeyError: 'path'。模型给的参数不可信" in problems
    assert "被中止的一轮里，每个调用也都要有一个结果" in problems


@in_chinese
def test_a_wrong_id_and_an_error_without_its_flag_are_told_in_chinese():
    def wrong_id(message, files):
        return [{"tool_call_id": "toolu_x", "is_error": True, "content": "no"}
                for _ in extract_calls(message)]  # fmt: skip

    def no_flag(message, files):
        return [replace_flag(r) for r in reference_answer(message, files)]

    assert "原样复制 call.id" in problems_of(answer_calls=wrong_id)
    assert "把它标成 True，模型才知道这次失败了" in problems_of(answer_calls=no_flag)


def replace_flag(result):
    """The same result, never marked as an error."""
    from dataclasses import replace

    return replace(result, is_error=False)
