"""Views: ways to look at a conversation in a notebook, each with a static rendering.

    transcript   show(): each tool_use next to its tool_result, as HTML or plain text
    stepper      step_through(): one round trip, a button per step (widget)
    diagram      sequence_diagram(): a history as a sequence diagram (Mermaid, SVG)
    lanes        Lanes: arrows between named columns, the drawing diagram and hops share
    inspector    inspect_transcript(): a history to click through (widget)
    static       the HTML of every static rendering, for pages that run no JavaScript
    svg          a sequence diagram drawn as SVG, where Mermaid is not rendered
    neutral      a neutral history (chapters 06-08) as short lines, its wire beside it
    timeline     run_timeline(): a run of the agent loop, turn by turn (SVG, text)
    usage        usage_chart(): each request's tokens by how they were billed (SVG, text)
    outcomes     outcome_table(): chapter 11's attacks against its defences (HTML, text)
    hops         server_hops(): a run over MCP servers: model, runtime, servers (Mermaid, SVG)

Every view's output carries its live form (a widget, Mermaid) and, beside it, a static one
(HTML, SVG) and text, so GitHub, nbconvert and the book show what the cell computed.
They read histories and draw them; none of them changes what is sent to a model.
"""
