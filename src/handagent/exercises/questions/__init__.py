"""Every chapter's self-check as data: `questions/chNN.py` holds its `SELF_CHECK`, three
`Question(...)` in English and Chinese, which `handagent.exercises.chNN` offers beside its
checkers and `selfcheck.questions("NN")` reads from there.

Apart from the checkers because they are another kind of thing: prose to read, not code that
runs a learner's function; a chapter's questions change without touching its checkers.

Not handled here: grading and printing (`selfcheck`), the exercises that run code (`chNN`).
"""
