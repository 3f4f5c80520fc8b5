"""Experiments: code that measures what the runtime's defences do, not code the runtime runs.

    attacks      chapter 11's attacks: instructions planted where tools read, in both editions
    trials       trial(), sweep(): an attack run through the loop and measured (views.outcomes
                 sets sweeps side by side)

The trials mean something only with the obedient mock (told openly to obey results) or against a
real model run many times. They may import the runtime and the top-level modules, never views,
the mock or the exercises.
"""
