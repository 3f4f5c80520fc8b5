"""What Anthropic's servers do around the model, as the mock does it: server tools and state.

See `handagent.mock` for the map of all three rooms.
"""
