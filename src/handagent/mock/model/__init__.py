"""The mock's scripted model: what it says back to a request, thinking and signatures included.

See `handagent.mock` for the map of all three rooms.
"""
