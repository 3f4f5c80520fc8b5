"""One adapter per wire format, each a pair of pure functions: to the wire and back."""

from .anthropic import from_anthropic, to_anthropic, tools_to_anthropic
from .openai_chat import from_openai_chat, to_openai_chat, tools_to_openai_chat

__all__ = [
    "from_anthropic",
    "from_openai_chat",
    "to_anthropic",
    "to_openai_chat",
    "tools_to_anthropic",
    "tools_to_openai_chat",
]
