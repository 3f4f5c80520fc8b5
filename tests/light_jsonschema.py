"""A pytest plugin that only imports handagent.validation, loaded before every other plugin
(`-p` in pyproject's addopts), so jsonschema is imported light in each pytest process: nbval
imports nbformat, which imports jsonschema, and rfc3987_syntax would build its grammar first
(0.7 s of every process and xdist worker). handagent.validation says how, and what it costs."""

import handagent.validation  # noqa: F401
