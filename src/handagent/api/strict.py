"""Structured outputs: what strict tools and `output_config.format` may ask of the grammar.

`strict: true` on a tool and a JSON output format (`output_config.format`, or the beta
`output_format`) are compiled into one grammar, so the API refuses (docs: structured-outputs,
"JSON Schema limitations" and "Schema complexity limits"):

    more than 20 strict tools                 "Too many strict tools (21). The maximum ..."
    a keyword outside the supported subset    "tools.0.custom: For 'integer' type, property
                                              'minimum' is not supported"
    an object that is not closed              "...: For 'object' type, 'additionalProperties'
                                              must be explicitly set to false"
    minItems other than 0 or 1, recursive or external $ref, objects or arrays in an enum
    more than 24 optional parameters, or 16 union-typed ones, summed over every strict schema
    citations together with an output format

Where a schema is refused, "never obeyed": the mock only checks what the API checks. Counting:
an optional parameter is a property its object does not list in `required`, at any depth
($defs included); a union parameter is a property whose schema has `anyOf` or a list of types
(`["string", "null"]`). [U] the depth the API counts to, and the order of these checks: the
tool count first, then each schema in the order sent, then the two sums, as the docs list them.

Not handled here: the regex subset of `pattern` (the docs: complex patterns "may" fail), string
`format` values (the SDKs filter them; the docs say nothing of a 400), the grammar-size limit
("Schema is too complex for compilation", not computable from outside), `allOf` with `$ref`.
"""

from .rejections import invalid
from .tool_refusals import (
    CITATIONS_WITH_FORMAT,
    CLOSED_OBJECT,
    COMPLEX_ENUM,
    EXTERNAL_REF,
    MIN_ITEMS,
    RECURSIVE,
    TOO_MANY_OPTIONAL,
    TOO_MANY_STRICT,
    TOO_MANY_UNIONS,
    UNSUPPORTED_KEYWORD,
)

MAX_STRICT_TOOLS, MAX_OPTIONAL, MAX_UNIONS = 20, 24, 16
# keyword -> the type the API names it for (when the schema names none of its own)
UNSUPPORTED = {
    **dict.fromkeys(("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                     "multipleOf"), "number"),
    **dict.fromkeys(("minLength", "maxLength"), "string"),
    **dict.fromkeys(("maxItems", "uniqueItems", "contains", "minContains", "maxContains"),
                    "array"),
}  # fmt: skip
ONE_SCHEMA = ("items", "additionalProperties", "not", "if", "then", "else", "contains")
SCHEMA_LISTS = ("anyOf", "allOf", "oneOf", "prefixItems")
SCHEMA_MAPS = ("properties", "$defs", "definitions", "patternProperties")


def schemas(body: dict) -> list[tuple[str, dict]]:
    """(where, schema) of every schema the grammar compiles, in the order the request sends
    them. Example: {"tools": [strict t]} -> [("tools.0.custom", t["input_schema"])]"""
    found = [
        (f"tools.{i}.custom", tool["input_schema"])
        for i, tool in enumerate(body.get("tools") or [])
        if tool.get("strict") is True and isinstance(tool.get("input_schema"), dict)
    ]
    fmt = (body.get("output_config") or {}).get("format")
    if isinstance(fmt, dict):
        found.append(("output_config.format.schema", fmt["schema"]))
    if isinstance(body.get("output_format"), dict):
        found.append(("output_format.schema", body["output_format"]["schema"]))
    return found


def check_structured(body: dict) -> None:
    """Raise the API's 400 for what strict sampling cannot compile, or return."""
    strict = [tool for tool in body.get("tools") or [] if tool.get("strict") is True]
    if len(strict) > MAX_STRICT_TOOLS:
        raise invalid(TOO_MANY_STRICT.format(count=len(strict)))
    compiled = schemas(body)
    for where, schema in compiled:
        for node in _nodes(schema):
            _check_node(node, where)
        if ref := recursive_ref(schema):
            raise invalid(f"{where}: " + RECURSIVE.format(ref=ref))
    optional = sum(_optional(node) for _, schema in compiled for node in _nodes(schema))
    if optional > MAX_OPTIONAL:
        raise invalid(TOO_MANY_OPTIONAL.format(count=optional))
    unions = sum(_unions(node) for _, schema in compiled for node in _nodes(schema))
    if unions > MAX_UNIONS:
        raise invalid(TOO_MANY_UNIONS.format(count=unions))
    formatted = (body.get("output_config") or {}).get("format") or body.get("output_format")
    if formatted and _cites(body):
        raise invalid(CITATIONS_WITH_FORMAT)


def _nodes(schema: object):
    """Every subschema, the schema first. Example: {"properties": {"a": {}}} -> [it, {}]"""
    if not isinstance(schema, dict):
        return
    yield schema
    for key in ONE_SCHEMA:
        yield from _nodes(schema.get(key))
    for key in SCHEMA_LISTS:
        for part in schema.get(key) if isinstance(schema.get(key), list) else []:
            yield from _nodes(part)
    for key in SCHEMA_MAPS:
        for part in (schema.get(key) or {}).values() if isinstance(schema.get(key), dict) else []:
            yield from _nodes(part)


def _types(node: dict) -> list:
    kind = node.get("type")
    return kind if isinstance(kind, list) else [kind]


def _check_node(node: dict, where: str) -> None:
    if any(isinstance(value, dict | list) for value in node.get("enum") or []):
        raise invalid(f"{where}: {COMPLEX_ENUM}")
    ref = node.get("$ref")
    if isinstance(ref, str) and not ref.startswith("#"):
        raise invalid(f"{where}: " + EXTERNAL_REF.format(ref=ref))
    for keyword, family in UNSUPPORTED.items():
        if keyword in node:
            kinds = {"number", "integer"} if family == "number" else {family}
            named = [t for t in _types(node) if t in kinds]
            kind = named[0] if named else family
            raise invalid(f"{where}: " + UNSUPPORTED_KEYWORD.format(type=kind, keyword=keyword))
    if node.get("minItems", 0) not in (0, 1):
        raise invalid(f"{where}: {MIN_ITEMS}")
    if "object" in _types(node) and node.get("additionalProperties") is not False:
        raise invalid(f"{where}: {CLOSED_OBJECT}")


def recursive_ref(schema: dict) -> str | None:
    """The first `$ref` that leads back to a schema holding it, or None.

    Example: {"$defs": {"n": {"properties": {"next": {"$ref": "#/$defs/n"}}}}} -> "#/$defs/n"
    """

    def target(ref: str) -> object:  # a JSON pointer: "#/$defs/node", "#/anyOf/0"
        found: object = schema
        for part in ref.removeprefix("#").strip("/").split("/") if ref != "#" else ():
            if isinstance(found, list) and part.isdigit() and int(part) < len(found):
                found = found[int(part)]
            else:
                found = found.get(part) if isinstance(found, dict) else None
        return found

    def visit(node: object, open_refs: tuple[str, ...]) -> str | None:
        for inner in _nodes(node):
            ref = inner.get("$ref")
            if not isinstance(ref, str) or not ref.startswith("#"):
                continue
            if ref in open_refs:
                return ref
            if found := visit(target(ref), (*open_refs, ref)):
                return found
        return None

    return visit(schema, ())


def _optional(node: dict) -> int:
    """Properties an object leaves out of `required`. Example: {a, b}, required [a] -> 1"""
    properties = node.get("properties")
    if not isinstance(properties, dict):
        return 0
    required = node.get("required") if isinstance(node.get("required"), list) else []
    return sum(1 for name in properties if name not in required)


def _unions(node: dict) -> int:
    """Properties of a union type. Example: {"a": {"type": ["string", "null"]}} -> 1"""
    properties = node.get("properties")
    if not isinstance(properties, dict):
        return 0
    return sum(
        1 for spec in properties.values() if isinstance(spec, dict)
        and ("anyOf" in spec or (isinstance(spec.get("type"), list) and len(spec["type"]) > 1))
    )  # fmt: skip


def _cites(body: dict) -> bool:
    """Whether any document, search result or web fetch asks for citations."""
    blocks = []
    for message in body.get("messages") or []:
        content = message.get("content")
        for block in content if isinstance(content, list) else []:
            blocks.append(block)
            inner = block.get("content") if block.get("type") == "tool_result" else None
            blocks += inner if isinstance(inner, list) else []
    cited = [b.get("citations") for b in blocks if isinstance(b, dict)]
    cited += [t.get("citations") for t in body.get("tools") or [] if isinstance(t, dict)]
    return any(isinstance(c, dict) and c.get("enabled") is True for c in cited)
