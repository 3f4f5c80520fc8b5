"""The mock's HTTP room: the server, its routes, and the bytes of every reply and stream.

See `handagent.mock` for the map of all three rooms.
"""
