"""The names Anthropic-defined tools carry, and the members of the two client toolsets.

An Anthropic-defined tool's `name` is fixed by its type: the SDK types it as a one-value
Literal (`MemoryTool20250818Param.name: Literal["memory"]`), and the docs say of the memory
tool that "the `name` must be `memory`". Any other name is refused with pydantic's words for a
Literal, at the field's path [U: the API's text for it is not published]:

    {"type": "memory_20250818", "name": "notes"} ->
        "tools.0.memory_20250818.name: Input should be 'memory'"

A client toolset (`computer_toolset_20260801`, `browser_toolset_20260801`) carries no name: its
members are fixed by its dated type, and `configs` takes one key per member
(`ComputerToolsetConfigsParam`: "Unknown keys are rejected: the field set is this toolset
version's complete member set"), each value `{"enabled"?, "defer_loading"?}`.

tests/api/test_fields.py reads both tables from the pinned SDK's own types.

Not handled here: what the tools do (`mock.hosted`), their other fields (`fields`).
"""

# tool type -> the name it must carry (SDK 2.10: the `name` Literal of each tool's param)
NAMES = {
    **dict.fromkeys(("bash_20241022", "bash_20250124"), "bash"),
    **dict.fromkeys(("code_execution_20250522", "code_execution_20250825",
                     "code_execution_20260120", "code_execution_20260521"), "code_execution"),
    **dict.fromkeys(("computer_20241022", "computer_20250124", "computer_20251124"), "computer"),
    "memory_20250818": "memory",
    **dict.fromkeys(("text_editor_20241022", "text_editor_20250124"), "str_replace_editor"),
    **dict.fromkeys(("text_editor_20250429", "text_editor_20250728"),
                    "str_replace_based_edit_tool"),
    **dict.fromkeys(("web_search_20250305", "web_search_20260209", "web_search_20260318"),
                    "web_search"),
    **dict.fromkeys(("web_fetch_20250910", "web_fetch_20260209", "web_fetch_20260309",
                     "web_fetch_20260318"), "web_fetch"),
    "advisor_20260301": "advisor",
    **dict.fromkeys(("tool_search_tool_bm25_20251119", "tool_search_tool_bm25"),
                    "tool_search_tool_bm25"),
    **dict.fromkeys(("tool_search_tool_regex_20251119", "tool_search_tool_regex"),
                    "tool_search_tool_regex"),
}  # fmt: skip

_BOTH = ("double_click", "hold_key", "key", "left_click", "left_click_drag", "left_mouse_down",
         "left_mouse_up", "middle_click", "mouse_move", "right_click", "screenshot", "scroll",
         "triple_click", "type", "wait", "zoom")  # fmt: skip
# toolset type -> (the name a tool beside it may not take, its members: the `configs` keys)
TOOLSETS = {
    "computer_toolset_20260801": ("computer", tuple(sorted((*_BOTH, "cursor_position")))),
    "browser_toolset_20260801": ("browser", tuple(sorted((
        *_BOTH, "close_tab", "file_upload", "find", "form_input", "get_page_text", "hover",
        "javascript_exec", "list_tabs", "navigate", "new_tab", "read_console", "read_network",
        "read_page", "scroll_to", "switch_tab")))),
}  # fmt: skip
MEMBER_CONFIG = ("defer_loading", "enabled")  # what a member's value in `configs` may hold
