"""Workspace: read_file stays inside its folder, refuses what is not UTF-8 text, reads little."""

import os
import tracemalloc
from pathlib import Path

import jsonschema
import pytest

from handagent.runtime.truncate import MAX_BYTES
from handagent.runtime.workspace import READ_FILE_TOOL, Workspace, WorkspaceError

SENTINEL = "SENTINEL-7f3a-outside-the-workspace"


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    """A workspace with one of everything, next to a folder holding a secret it must not read."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(SENTINEL + "\n")
    root = tmp_path / "ws"
    (root / "sub").mkdir(parents=True)
    (root / "dir").mkdir()
    (root / "notes.txt").write_text("hello\n")
    (root / "sub" / "inner.txt").write_text("inner\n")
    (root / "link_out_file").symlink_to(outside / "secret.txt")
    (root / "link_out_dir").symlink_to(outside, target_is_directory=True)
    (root / "link_dev").symlink_to("/dev/zero")
    (root / "link_inside").symlink_to(root / "sub" / "inner.txt")
    (root / "dangling").symlink_to(root / "missing.txt")
    (root / "dangling_out").symlink_to(tmp_path / "nowhere.txt")
    (root / "loop_a").symlink_to(root / "loop_b")
    (root / "loop_b").symlink_to(root / "loop_a")
    os.mkfifo(root / "fifo")
    (root / "binary.bin").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    (root / "latin1.txt").write_bytes("café crème\n".encode("latin-1"))
    return Workspace(root)


ATTACKS = [
    # traversal
    ("../outside/secret.txt", "above the workspace root"),
    ("a/../../outside/secret.txt", "above the workspace root"),
    ("sub/./../../outside/secret.txt", "above the workspace root"),
    ("./../outside/secret.txt", "above the workspace root"),
    ("..", "above the workspace root"),
    ("%2e%2e/outside/secret.txt", "does not exist"),  # encoded: just a strange literal name
    ("..%2Foutside%2Fsecret.txt", "does not exist"),
    ("file:///etc/passwd", "does not exist"),
    # absolute and home
    ("/etc/passwd", "is absolute"),
    ("/proc/self/environ", "is absolute"),
    ("//etc/passwd", "is absolute"),
    ("~/x", "starts with '~'"),
    ("~", "starts with '~'"),
    # Windows style
    ("..\\outside\\secret.txt", "backslash"),
    ("C:\\Windows\\win.ini", "backslash"),
    # symlinks
    ("link_out_file", "outside the workspace through a symlink"),
    ("link_out_dir/secret.txt", "outside the workspace through a symlink"),
    ("link_out_dir/../outside/secret.txt", "outside the workspace through a symlink"),
    ("link_dev", "outside the workspace through a symlink"),
    ("dangling", "does not exist"),
    ("dangling_out", "outside the workspace through a symlink"),
    ("loop_a", "cannot be resolved"),
    # bad names
    ("notes.txt\x00.png", "NUL byte"),
    ("\x00", "NUL byte"),
    ("", "workspace-relative file path"),
    ("   ", "workspace-relative file path"),
    ("missing.txt", "does not exist"),
    ("notes.txt/child", "does not exist"),
    # not regular UTF-8 text files
    ("fifo", "not a regular file"),
    ("dir", "is a directory"),
    (".", "is a directory"),
    ("sub/", "is a directory"),
    ("binary.bin", "is not UTF-8 text"),
    ("latin1.txt", "is not UTF-8 text"),
]


@pytest.mark.timeout(60)  # the FIFO must be refused, not opened: opening one blocks
@pytest.mark.parametrize(("path", "reason"), ATTACKS, ids=[repr(p) for p, _ in ATTACKS])
def test_attack_path_is_refused_with_a_reason_and_never_reads_the_secret(ws, path, reason):
    with pytest.raises(WorkspaceError) as caught:
        ws.read_file(path)
    assert reason in str(caught.value)
    assert SENTINEL not in str(caught.value)


def test_the_attack_suite_is_large_enough():
    assert len(ATTACKS) >= 20


def test_the_secret_is_readable_from_its_own_folder_so_the_attack_checks_can_fail(tmp_path):
    (tmp_path / "secret.txt").write_text(SENTINEL + "\n")
    assert SENTINEL in Workspace(tmp_path).read_file("secret.txt").content


def test_workspace_error_is_a_value_error_for_the_dispatch_layer():
    assert issubclass(WorkspaceError, ValueError)


def test_a_symlink_to_another_file_inside_the_workspace_is_followed(ws):
    out = ws.read_file("link_inside")
    assert out.content == "inner\n"
    assert out.details == {"path": "link_inside", "size": 6}


def test_a_dot_dot_that_stays_inside_is_allowed(ws):
    assert ws.read_file("sub/../notes.txt").content == "hello\n"


def test_resolve_returns_the_real_path_under_the_root(ws):
    assert ws.resolve("sub/inner.txt") == ws.root / "sub" / "inner.txt"
    assert ws.resolve("link_inside") == ws.root / "sub" / "inner.txt"


def test_the_root_may_itself_be_a_symlink(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "a.txt").write_text("a\n")
    (tmp_path / "alias").symlink_to(tmp_path / "real", target_is_directory=True)
    assert Workspace(tmp_path / "alias").read_file("a.txt").content == "a\n"


@pytest.mark.parametrize("bad_root", ["does-not-exist", "notes.txt"])
def test_a_root_that_is_not_a_folder_is_a_programmer_error(ws, bad_root):
    with pytest.raises(ValueError, match="is not an existing folder; create it first") as caught:
        Workspace(ws.root / bad_root)
    assert not isinstance(caught.value, WorkspaceError)


# --- reading --------------------------------------------------------------------------------


def test_a_small_file_is_returned_whole_with_path_and_size(ws):
    out = ws.read_file("sub/inner.txt")
    assert out.content == "inner\n"
    assert out.details == {"path": "sub/inner.txt", "size": 6}


def test_an_empty_file_says_it_is_empty(ws):
    (ws.root / "empty.txt").write_text("")
    assert ws.read_file("empty.txt").content == "[The file is empty.]"


def test_a_long_file_is_read_in_pages_with_offset(ws):
    (ws.root / "long.txt").write_text("".join(f"{i}\n" for i in range(1, 5232)))
    first = ws.read_file("long.txt")
    assert first.content.endswith(
        "1999\n2000\n\n[Showing lines 1-2000 of 5231. Use offset=2001 to continue.]"
    )
    assert first.details["truncation"]["output_lines"] == 2000
    second = ws.read_file("long.txt", offset=2001)
    assert second.content.startswith("2001\n")
    assert second.content.endswith(
        "[Showing lines 2001-4000 of 5231. Use offset=4001 to continue.]"
    )
    last = ws.read_file("long.txt", offset=4001)
    assert last.content.startswith("4001\n") and last.content.endswith("5231\n")
    assert "truncation" not in last.details


def test_offset_past_the_end_is_refused(ws):
    (ws.root / "two.txt").write_text("a\nb")
    assert ws.read_file("two.txt", offset=2).content == "b"
    for offset in (3, 100):
        with pytest.raises(WorkspaceError, match=f"offset {offset} is past the end"):
            ws.read_file("two.txt", offset=offset)


@pytest.mark.parametrize("offset", [0, -1, True, "2", 1.5])
def test_an_offset_that_is_not_a_line_number_is_refused(ws, offset):
    with pytest.raises(WorkspaceError, match="offset must be a whole number"):
        ws.read_file("notes.txt", offset=offset)


def test_utf8_text_is_decoded(ws):
    (ws.root / "cn.txt").write_text("中文 é 😀\n", encoding="utf-8")
    assert ws.read_file("cn.txt").content == "中文 é 😀\n"


def test_a_character_cut_in_half_at_the_read_cap_is_not_an_error(ws):
    line = "中" * 1000 + "\n"  # 3001 bytes, so the read cap falls inside a character
    (ws.root / "cn.txt").write_text(line * 40, encoding="utf-8")
    out = ws.read_file("cn.txt")
    assert out.content.startswith(line * 17)
    assert out.content.endswith(
        "[Showing lines 1-17 of a longer file (50.0 KB limit). Use offset=18 to continue.]"
    )


# --- huge files: truncated, and memory stays bounded -----------------------------------------


def peak_bytes_while(call):
    tracemalloc.start()
    try:
        result = call()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_60_mb_file_is_cut_without_reading_it(ws):
    # 1 MB of lines, then 59 MB of sparse NUL bytes: reading past the cap would find them
    with open(ws.root / "huge.log", "wb") as f:
        f.write("".join(f"log line {i}\n" for i in range(80_000)).encode())
        f.truncate(60 * 1024 * 1024)
    out, peak = peak_bytes_while(lambda: ws.read_file("huge.log"))
    assert out.content.startswith("log line 0\n")
    assert out.content.endswith(
        "log line 1999\n\n[Showing lines 1-2000 of a longer file. Use offset=2001 to continue.]"
    )
    assert out.details["size"] == 60 * 1024 * 1024
    assert len(out.content.encode()) < MAX_BYTES + 200
    assert peak < 1024 * 1024, f"peak {peak} bytes"
    deep, peak = peak_bytes_while(lambda: ws.read_file("huge.log", offset=70_001))
    assert deep.content.startswith("log line 70000\n")
    assert peak < 1024 * 1024, f"peak {peak} bytes while skipping 70,000 lines"


def test_a_60_mb_first_line_gets_an_instruction_and_offset_skips_it(ws):
    with open(ws.root / "one-line.txt", "wb") as f:
        for _ in range(60):
            f.write(b"x" * 1024 * 1024)
        f.write(b"\nsecond line\n")
    first, peak = peak_bytes_while(lambda: ws.read_file("one-line.txt"))
    assert first.content.startswith("[Line 1 is over the 50.0 KB limit")
    assert "offset=2" in first.content and "xxxx" not in first.content
    assert peak < 1024 * 1024, f"peak {peak} bytes"
    second, peak = peak_bytes_while(lambda: ws.read_file("one-line.txt", offset=2))
    assert second.content == "second line\n"
    assert peak < 1024 * 1024, f"peak {peak} bytes while skipping a 60 MB line"


def test_a_60_mb_sparse_file_of_nul_bytes_is_binary(ws):
    with open(ws.root / "zeros.img", "wb") as f:
        f.truncate(60 * 1024 * 1024)
    with pytest.raises(WorkspaceError, match="is not UTF-8 text"):
        ws.read_file("zeros.img")


# --- the tool definition ---------------------------------------------------------------------


def test_the_schema_is_valid_json_schema_and_matches_the_method():
    schema = READ_FILE_TOOL["input_schema"]
    jsonschema.Draft202012Validator.check_schema(schema)
    assert READ_FILE_TOOL["name"] == "read_file"
    assert set(schema["properties"]) == {"path", "offset"}
    assert schema["required"] == ["path"]


@pytest.mark.parametrize(
    ("args", "valid"),
    [
        ({"path": "src/app.py"}, True),
        ({"path": "src/app.py", "offset": 2001}, True),
        ({}, False),
        ({"path": 3}, False),
        ({"path": "a", "offset": 0}, False),
        ({"path": "a", "offset": "2"}, False),
        ({"path": "a", "mode": "w"}, False),
    ],
)
def test_the_schema_accepts_only_what_read_file_takes(args, valid):
    validator = jsonschema.Draft202012Validator(READ_FILE_TOOL["input_schema"])
    assert validator.is_valid(args) is valid


def test_the_description_tells_the_model_when_to_use_it_and_how_to_continue():
    text = READ_FILE_TOOL["description"]
    for phrase in ("UTF-8 text file", "workspace", "2000 lines", "50 KB", "offset"):
        assert phrase in text
