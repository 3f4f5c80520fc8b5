"""The mock provider: a local stand-in for the Anthropic Messages API (see `server`)."""

from .server import MockServer

__all__ = ["MockServer"]
