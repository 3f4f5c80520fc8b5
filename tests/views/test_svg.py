import re
import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from handagent.views.diagram import Step
from handagent.views.svg import _centres, sequence_svg, width

PEOPLE = ("user", "program", "model", "tool")
SVG = "{http://www.w3.org/2000/svg}"


def test_a_cjk_character_is_drawn_wider_than_a_latin_one():
    assert width("时") > width("m") and width("abc") == 3 * width("a")


def test_chinese_punctuation_in_labels_is_counted_a_full_em_like_the_characters():
    # "请求（1 条消息）", "#1 出错：down", "用户、程序": full-width marks take 1 em as CJK does
    assert {width(mark) for mark in "（）：，、。"} == {width("时")} == {12.0}


steps_strategy = st.lists(
    st.builds(
        Step,
        source=st.sampled_from(PEOPLE),
        target=st.sampled_from(PEOPLE),
        text=st.text(st.sampled_from("ab #<&时间"), max_size=60),
        reply=st.booleans(),
        problem=st.sampled_from([None, "error", "no result"]),
    ),
    max_size=8,
)


@given(steps_strategy)
def test_every_label_fits_between_the_two_columns_it_joins(steps):
    x = _centres(PEOPLE, steps)
    assert list(x.values()) == sorted(x.values())  # columns keep their order
    for step in steps:
        if step.source != step.target:
            assert abs(x[step.target] - x[step.source]) >= width(step.text)


@given(steps_strategy)
def test_everything_drawn_lies_inside_the_picture(steps):
    root = ET.fromstring(sequence_svg(PEOPLE, steps, "t"))
    left, top, wide, high = map(float, root.get("viewBox").split())
    for node in root.iter():
        if node.tag == f"{SVG}rect":
            x, w = float(node.get("x")), float(node.get("width"))
            assert left - 0.1 <= x and x + w <= left + wide + 0.1
            assert float(node.get("y")) + float(node.get("height")) <= top + high
        if node.tag == f"{SVG}text":
            middle, half = float(node.get("x")), width(node.text or "") / 2
            assert left <= middle - half and middle + half <= left + wide
        if node.tag in (f"{SVG}path", f"{SVG}polygon"):
            numbers = re.findall(r"-?\d+\.?\d*", node.get("d") or node.get("points"))
            xs = [float(n) for n in numbers[::2]] if node.tag.endswith("polygon") else []
            assert all(left <= value <= left + wide for value in xs)


def test_a_note_is_drawn_under_its_arrow_over_the_column_it_starts_from():
    svg = sequence_svg(PEOPLE, [Step("tool", "program", "#1 error: down", True, "error")], "t")
    root = ET.fromstring(svg)
    arrow = next(root.iter(f"{SVG}path"))
    note = [t for t in root.iter(f"{SVG}text") if t.text == "✗ error"][0]
    tool = [t for t in root.iter(f"{SVG}text") if t.text == "tool"][0]
    assert note.get("x") == tool.get("x")
    assert float(note.get("y")) > float(arrow.get("d").split(",")[1].split()[0])
