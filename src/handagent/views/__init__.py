"""Views: ways to look at a conversation in a notebook, each with a static rendering.

    transcript   show(): each tool_use next to its tool_result, as HTML or plain text
    stepper      step_through(): one round trip, a button per step (widget)
    diagram      sequence_diagram(): a history as a sequence diagram (Mermaid)
    inspector    inspect_transcript(): a history to click through (widget)

They read histories and draw them; none of them changes what is sent to a model.
"""
