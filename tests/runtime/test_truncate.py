"""Truncation: exact boundaries, UTF-8 safety, and the notices each policy gives the model."""

import pytest

from handagent.runtime.truncate import (
    GREP_MAX_LINE_CHARS,
    GREP_MAX_MATCHES,
    MAX_BYTES,
    MAX_LINES,
    bash_policy,
    format_size,
    grep_policy,
    read_policy,
    split_lines,
    truncate_head,
    truncate_tail,
)
from handagent.tools import ToolOutput


def numbered(n: int, start: int = 1) -> str:
    """Example: numbered(2) -> "line 1\\nline 2\\n" """
    return "".join(f"line {i}\n" for i in range(start, start + n))


def exactly(n_bytes: int) -> str:
    """Lines of 1 KB (1023 x "a" + newline), then a short last line, n_bytes in all."""
    full, rest = divmod(n_bytes, 1024)
    return ("a" * 1023 + "\n") * full + "b" * rest


def is_utf8_clean(s: str) -> bool:
    return s.encode("utf-8").decode("utf-8") == s


def test_the_numbers_are_the_seeds():
    assert (MAX_LINES, MAX_BYTES, GREP_MAX_LINE_CHARS, GREP_MAX_MATCHES) == (2000, 51200, 500, 100)


def test_a_trailing_newline_ends_the_last_line_rather_than_starting_a_new_one():
    assert split_lines("a\nb\n") == ["a\n", "b\n"]
    assert split_lines("a\nb") == ["a\n", "b"]
    assert split_lines("") == []
    assert split_lines("\n\n") == ["\n", "\n"]


# --- lines and bytes at the boundary ------------------------------------------------------


@pytest.mark.parametrize("cut", [truncate_head, truncate_tail])
def test_exactly_2000_lines_are_not_truncated(cut):
    t = cut(numbered(2000))
    assert not t.truncated and t.truncated_by is None
    assert t.content == numbered(2000)
    assert (t.total_lines, t.output_lines) == (2000, 2000)


def test_2001_lines_keep_the_first_2000_in_head_mode():
    t = truncate_head(numbered(2001))
    assert t.truncated and t.truncated_by == "lines"
    assert t.content == numbered(2000)
    assert (t.total_lines, t.output_lines) == (2001, 2000)


def test_2001_lines_keep_the_last_2000_in_tail_mode():
    t = truncate_tail(numbered(2001))
    assert t.truncated_by == "lines"
    assert t.content == numbered(2000, start=2)


@pytest.mark.parametrize("cut", [truncate_head, truncate_tail])
@pytest.mark.parametrize("size", [MAX_BYTES - 1, MAX_BYTES])
def test_up_to_exactly_50_kb_is_not_truncated(cut, size):
    t = cut(exactly(size))
    assert len(exactly(size).encode()) == size
    assert not t.truncated
    assert t.total_bytes == t.output_bytes == size


def test_one_byte_over_50_kb_drops_the_last_line_in_head_mode():
    text = exactly(MAX_BYTES) + "x"  # 50 lines of 1 KB, then "x" as line 51
    t = truncate_head(text)
    assert t.truncated and t.truncated_by == "bytes"
    assert t.content == exactly(MAX_BYTES)
    assert (t.total_bytes, t.output_bytes, t.output_lines) == (MAX_BYTES + 1, MAX_BYTES, 50)


def test_one_byte_over_50_kb_drops_the_first_line_in_tail_mode():
    t = truncate_tail("x\n" + exactly(MAX_BYTES - 1))
    assert t.truncated_by == "bytes"
    assert t.content == exactly(MAX_BYTES - 1)


def test_the_limit_hit_first_wins():
    assert truncate_head(numbered(3000)).truncated_by == "lines"  # 3000 short lines, ~30 KB
    assert truncate_head(("x" * 99 + "\n") * 1000).truncated_by == "bytes"  # 1000 lines, 100 KB


@pytest.mark.parametrize("char", ["é", "中", "😀"])
@pytest.mark.parametrize("cut", [truncate_head, truncate_tail])
def test_multibyte_lines_are_kept_whole_and_counted_in_bytes(cut, char):
    line = char * 100 + "\n"  # 201, 301 or 401 bytes
    text = line * 1000
    t = cut(text)
    per_line = len(line.encode())
    assert t.truncated_by == "bytes"
    assert t.output_lines == MAX_BYTES // per_line
    assert t.output_bytes == t.output_lines * per_line <= MAX_BYTES
    assert t.content == line * t.output_lines


# --- a single line over the limit -----------------------------------------------------------


def test_head_keeps_nothing_when_the_first_line_alone_is_over_the_limit():
    t = truncate_head("x" * (MAX_BYTES + 1) + "\nshort\n")
    assert t.first_line_exceeds_limit and t.truncated_by == "bytes"
    assert t.content == "" and t.output_lines == 0


def test_head_first_line_of_exactly_50_kb_is_kept():
    t = truncate_head("x" * (MAX_BYTES - 1) + "\n" + "next\n")
    assert not t.first_line_exceeds_limit
    assert t.output_lines == 1 and t.truncated_by == "bytes"


@pytest.mark.parametrize("char", ["é", "中", "😀"])
def test_tail_keeps_a_utf8_safe_end_of_a_last_line_over_the_limit(char):
    line = "start" + char * 30_000  # 60 KB to 120 KB, one line, no newline
    t = truncate_tail("first line\n" + line)
    assert t.last_line_partial and t.truncated_by == "bytes"
    assert is_utf8_clean(t.content)
    assert line.endswith(t.content)
    width = len(char.encode())
    assert MAX_BYTES - width < t.output_bytes <= MAX_BYTES  # at most one character short
    assert t.output_lines == 1


def test_tail_cut_through_a_character_drops_only_its_stray_bytes():
    t = truncate_tail("中中", max_bytes=4)  # e4 b8 ad e4 b8 ad: the last 4 bytes start mid-char
    assert t.content == "中" and t.output_bytes == 3


def test_empty_text_is_not_truncated():
    for cut in (truncate_head, truncate_tail):
        t = cut("")
        assert (t.content, t.truncated, t.total_lines, t.total_bytes) == ("", False, 0, 0)


def test_details_carry_every_figure_but_not_the_content():
    details = truncate_head(numbered(2001)).as_details()
    assert "content" not in details
    assert details == {
        "truncated": True,
        "truncated_by": "lines",
        "total_lines": 2001,
        "total_bytes": len(numbered(2001)),
        "output_lines": 2000,
        "output_bytes": len(numbered(2000)),
        "max_lines": 2000,
        "max_bytes": 51200,
        "first_line_exceeds_limit": False,
        "last_line_partial": False,
    }


def test_sizes_read_like_the_notices():
    assert [format_size(n) for n in (512, 51200, 3 * 1024 * 1024)] == ["512 B", "50.0 KB", "3.0 MB"]


# --- read_policy --------------------------------------------------------------------------


def test_read_of_a_short_file_has_no_notice_and_no_truncation_details():
    out = read_policy("print('hi')\n")
    assert out == ToolOutput("print('hi')\n", {})


def test_read_of_2000_lines_has_no_notice():
    assert read_policy(numbered(2000)).content == numbered(2000)


def test_read_of_a_long_file_says_which_lines_and_how_to_continue():
    out = read_policy(numbered(5231))
    assert out.content == (
        numbered(2000).rstrip("\n")
        + "\n\n[Showing lines 1-2000 of 5231. Use offset=2001 to continue.]"
    )
    assert out.details["truncation"]["truncated_by"] == "lines"
    assert out.details["truncation"]["offset"] == 1


def test_read_from_an_offset_numbers_lines_from_that_offset():
    # `text` is the file from line `offset` on: here lines 2001-5231
    out = read_policy(numbered(3231, start=2001), offset=2001)
    assert out.content.endswith("[Showing lines 2001-4000 of 5231. Use offset=4001 to continue.]")
    assert out.content.startswith("line 2001\n")


def test_read_cut_by_bytes_names_the_byte_limit():
    out = read_policy(("x" * 99 + "\n") * 1000)
    assert out.content.endswith(
        "[Showing lines 1-512 of 1000 (50.0 KB limit). Use offset=513 to continue.]"
    )


def test_read_of_a_first_line_over_50_kb_gives_an_instruction_not_a_partial_line():
    out = read_policy("x" * 60_000 + "\nline 2\n", offset=7)
    assert "xxxx" not in out.content
    assert out.content.startswith("[Line 7 is over the 50.0 KB limit")
    assert "offset=8" in out.content
    assert out.details["truncation"]["first_line_exceeds_limit"] is True


def test_read_of_only_the_start_of_a_file_says_the_file_goes_on():
    out = read_policy(numbered(10), complete=False)
    assert out.content.endswith("[Showing lines 1-10 of a longer file. Use offset=11 to continue.]")
    figures = out.details["truncation"]
    assert figures["truncated"] is True and figures["total_lines"] is None


def test_read_of_an_empty_file_says_it_is_empty():
    assert read_policy("").content == "[The file is empty.]"


# --- bash_policy --------------------------------------------------------------------------


def test_bash_keeps_the_tail_and_names_the_full_output_file():
    out = bash_policy(numbered(3000), full_output_path="/tmp/bash-1234.log")
    assert out.content.startswith("line 1001\n")
    assert "line 1000\n" not in out.content
    assert out.content.endswith(
        "line 3000\n\n[Showing lines 1001-3000 of 3000. Full output: /tmp/bash-1234.log]"
    )
    assert out.details["truncation"]["truncated_by"] == "lines"
    assert out.details["full_output_path"] == "/tmp/bash-1234.log"


def test_bash_without_a_saved_file_says_how_to_see_less():
    out = bash_policy(numbered(3000))
    assert "rerun with less output" in out.content


def test_bash_appends_a_non_zero_exit_code_after_the_kept_tail():
    out = bash_policy(numbered(3000) + "Error: boom\n", exit_code=2)
    assert out.content.startswith("line 1002\n")
    assert out.content.endswith(
        "Error: boom\n\n[Showing lines 1002-3001 of 3001. The rest was not kept; rerun with "
        "less output (e.g. pipe through grep or head)]\n\nCommand exited with code 2"
    )
    assert out.details["exit_code"] == 2


def test_bash_short_output_with_exit_zero_is_unchanged():
    out = bash_policy("ok\n")
    assert out == ToolOutput("ok\n", {"exit_code": 0})


def test_bash_failure_without_output_still_says_so():
    assert bash_policy("", exit_code=1).content == "(no output)\n\nCommand exited with code 1"


def test_bash_single_huge_line_keeps_its_end():
    out = bash_policy("x" * 100_000 + "END")
    assert (
        out.content.startswith("x") and "END\n\n[Showing the last 50.0 KB of line 1." in out.content
    )


# --- grep_policy --------------------------------------------------------------------------


def matches(n: int) -> list[str]:
    return [f"src/m{i}.py:{i}: hit" for i in range(1, n + 1)]


def test_grep_with_exactly_100_matches_has_no_notice():
    out = grep_policy(matches(100))
    assert out == ToolOutput("\n".join(matches(100)), {})


def test_grep_with_101_matches_shows_100_and_says_how_to_get_more():
    out = grep_policy(matches(101))
    assert out.content == (
        "\n".join(matches(100))
        + "\n\n[100 of 101 matches shown. Use limit=200 or a narrower pattern to see more.]"
    )
    assert out.details["truncation"]["limits_hit"] == ["matches"]
    assert out.details["truncation"]["output_matches"] == 100


def test_grep_limit_raises_the_cap():
    assert grep_policy(matches(150), limit=200).content == "\n".join(matches(150))


def test_grep_lines_of_500_chars_are_whole_and_501_are_cut():
    at, over = "a" * 500, "b" * 501
    out = grep_policy([at, over])
    assert out.content.split("\n")[:2] == [at, "b" * 500 + "... [truncated]"]
    assert "1 long lines cut at 500 chars" in out.content
    assert out.details["truncation"]["lines_cut"] == 1


def test_grep_output_over_50_kb_is_cut_after_the_cap():
    out = grep_policy(["m" * 499] * 200, limit=200)  # 200 x 500 bytes = 100 KB
    figures = out.details["truncation"]
    assert figures["limits_hit"] == ["bytes"]
    assert figures["output_matches"] == MAX_BYTES // 500 == 102
    assert "[50.0 KB limit reached after 102 matches." in out.content


def test_grep_without_matches_says_so():
    assert grep_policy([]) == ToolOutput("No matches found.", {})


def test_grep_limit_below_one_is_a_programmer_error():
    with pytest.raises(ValueError, match="limit must be 1 or more"):
        grep_policy(matches(3), limit=0)


@pytest.mark.parametrize("where", [0, 2])
def test_grep_given_a_match_of_two_lines_is_a_programmer_error(where):
    # before, the second line was cut as if by the line limit and the notice blamed 50 KB
    given = matches(3)
    given[where] += "\n    continued"
    with pytest.raises(ValueError) as caught:
        grep_policy(given)
    assert str(caught.value) == (
        f"grep_policy takes one line per match; match {where} has a newline: "
        "pass each line as a match of its own."
    )


# --- the figures and notices in full --------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "shown"),
    [
        (1023, "1023 B"),
        (1024, "1.0 KB"),
        (100 * 1024, "100.0 KB"),
        (1024 * 1024 - 1, "1024.0 KB"),
        (1024 * 1024, "1.0 MB"),
        (100 * 1024 * 1024, "100.0 MB"),
    ],
)
def test_sizes_step_up_at_1024_and_count_in_binary_units(n, shown):
    assert format_size(n) == shown


@pytest.mark.parametrize("last", ["Saved report.XLSX", "Saved report.XLSX\t"])
def test_the_notice_follows_the_last_line_as_it_was(last):
    # trailing spaces and characters are output too; only the newlines before the notice go
    out = bash_policy(f"Saved report.XLSX  \n{last}\n\n", exit_code=1)
    assert out.content == f"Saved report.XLSX  \n{last}\n\nCommand exited with code 1"


def test_a_cut_of_blank_lines_is_the_notice_alone():
    out = read_policy("\n" * 3000)
    assert out.content == "[Showing lines 1-2000 of 3000. Use offset=2001 to continue.]"


def test_a_read_of_only_the_start_keeps_the_figures_it_knows():
    figures = read_policy(numbered(10), offset=5, complete=False).details["truncation"]
    assert figures == {
        "truncated": True,
        "truncated_by": None,
        "total_lines": None,
        "total_bytes": None,
        "output_lines": 10,
        "output_bytes": len(numbered(10)),
        "max_lines": 2000,
        "max_bytes": 51200,
        "first_line_exceeds_limit": False,
        "last_line_partial": False,
        "offset": 5,
    }


def test_bash_cut_by_bytes_names_the_byte_limit():
    out = bash_policy(("x" * 99 + "\n") * 1000)
    assert out.content.endswith(
        "\n\n[Showing lines 489-1000 of 1000 (50.0 KB limit). The rest was not kept; rerun with "
        "less output (e.g. pipe through grep or head)]"
    )


def test_grep_limit_of_one_shows_one_match():
    out = grep_policy(matches(3), limit=1)
    assert out.content == (
        "src/m1.py:1: hit\n\n[1 of 3 matches shown. Use limit=2 or a narrower pattern to see more.]"
    )


def test_grep_limit_over_2000_is_not_capped_by_the_line_limit():
    assert grep_policy(matches(2100), limit=3000).content == "\n".join(matches(2100))


def test_grep_hitting_every_limit_says_all_three_and_gives_every_figure():
    out = grep_policy(["m" * 600] * 300, limit=200)
    assert out.content.endswith(
        "m... [truncated]\n\n[200 of 300 matches shown. Use limit=400 or a narrower pattern to "
        "see more. 50.0 KB limit reached after 99 matches. Use a narrower pattern or path to see "
        "the rest. 200 long lines cut at 500 chars. Use read_file with offset to see a whole "
        "line.]"
    )
    assert out.details == {
        "truncation": {
            "truncated": True,
            "limits_hit": ["matches", "bytes", "line_chars"],
            "total_matches": 300,
            "output_matches": 99,
            "lines_cut": 200,
            "output_bytes": 99 * len("m" * 500 + "... [truncated]\n"),
        }
    }
