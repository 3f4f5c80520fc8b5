"""The bookshop's three tools, over its SQLite database (`shop_database`: books, orders,
returns, and `open_shop()`).

    find_order    generated from a typed function (`function_tools`), read-only: one order
    check_stock   generated, read-only: a book's copies in stock and price, by words of its title
                  (`%` and `_` in them are letters, not wildcards)
    start_return  written by hand, an effect: the reasons the shop accepts come from its
                  database, which no type hint knows (`function_schemas`)

A tool's function checks what a schema cannot (the order exists, was delivered, is not returned
twice) and raises with a sentence the model can act on (chapter 05 makes that an error result).
`start_return` checks and inserts in one transaction (`Shop.effect`), so two returns of one
order asked for at once (chapter 04) cannot both pass the check. It keeps the id of the call
that asked for it (`current_call()`) as its idempotency key: the same call run twice (a resume
after a crash) opens one return, and answers the second time as it did the first. Called
directly (a cell, a test), it has no call and no key: each call opens a return.

Not handled here: customers and their identity (anyone may ask about any order), payments and
refunds, dates relative to today.
"""

from ..runtime.function_tools import function_tool
from ..tools import Tool, current_call
from .shop_database import REASONS, Shop, open_shop

# open_shop and REASONS are shop_database's, named here too where chapter 10 meets them
__all__ = ["REASONS", "open_shop", "shop_tools"]


def _like(words: str) -> str:
    r"""A LIKE pattern for `words` anywhere in a text, its wildcards taken as themselves.

    Example: "100%_sure" -> "%100\%\_sure%" (with `escape '\'` in the query)
    """
    return "%" + words.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _confirmation(opened: int, order_id: int, copies: int, reason: str) -> str:
    """What start_return answers. Example: (1, 1042, 1, "damaged") -> "Return R-1 opened ..." """
    return f"Return R-{opened} opened for order {order_id}: {copies} copy(ies), {reason}."


def shop_tools(db: Shop) -> list[Tool]:
    """The assistant's three tools over `db`: two generated and read-only, one written by hand."""
    if not isinstance(db, Shop):
        raise TypeError(f"shop_tools needs the shop's own connection, got {db!r}: open_shop().")

    def find_order(order_id: int) -> str:
        """Look up one order by its number: who ordered which book, and where the order is now.

        Args:
            order_id: The order number, e.g. 1042.
        """
        rows = db.rows("select * from orders where number = ?", order_id)
        if not rows:
            raise LookupError(f"There is no order {order_id}; ask the customer to check it.")
        number, customer, title, copies, status, placed = rows[0]
        return f"Order {number}: {copies} × {title} for {customer}, placed {placed}, {status}."

    def check_stock(title: str) -> str:
        """Whether a book is available: how many copies the shop has in stock, and its price.

        Args:
            title: The book's title, or words of it, e.g. Dune.
        """
        if not title.strip():
            raise ValueError("Give words of the book's title; an empty title names no book.")
        rows = db.rows(r"select * from books where title like ? escape '\'", _like(title.strip()))
        if not rows:
            raise LookupError(f"The shop has no book titled like {title!r}.")
        return "\n".join(f"{t} by {a}: {n} in stock, ${p:.2f}." for t, a, p, n in rows)

    def first(sql: str, *values: object) -> tuple | None:  # inside an effect: lock held
        return db.execute(sql, values).fetchone()

    def start_return(order_id: int, reason: str, copies: int = 1) -> str:
        call = current_call()
        key = call.id if call and call.id else None  # None when called directly: no key
        with db.effect():
            done = first("select id, number, copies, reason from returns where call_id = ?", key)
            if done:  # this very call ran before (a resume): answer as it did, open nothing
                return _confirmation(*done)
            order = first("select status, copies from orders where number = ?", order_id)
            if order is None:
                raise LookupError(f"There is no order {order_id}; look it up with find_order.")
            if order[0] != "delivered":
                raise ValueError(f"Order {order_id} is {order[0]}, not delivered: no return yet.")
            accepted = [row[0] for row in db.execute("select reason from reasons order by rowid")]
            if reason not in accepted or copies < 1:
                raise ValueError(f"A return needs one of the reasons {accepted}, and copies >= 1.")
            (taken,) = first(
                "select coalesce(sum(copies), 0) from returns where number = ?", order_id
            )
            if copies > order[1] - taken:
                raise ValueError(f"Order {order_id} has {order[1] - taken} copies to return.")
            opened = db.execute(
                "insert into returns (number, copies, reason, call_id) values (?, ?, ?, ?)",
                (order_id, copies, reason, key),
            ).lastrowid
        return _confirmation(opened, order_id, copies, reason)

    reasons = [row[0] for row in db.rows("select reason from reasons order by rowid")]
    by_hand = Tool(
        "start_return",
        "Open a return, with a refund, when the customer wants to send a book back. Call it"
        " only after find_order has shown that the order is delivered.",
        {
            "type": "object",
            "properties": {
                "order_id": {
                    "type": "integer",
                    "minimum": 1001,
                    "description": "The order number, e.g. 1042.",
                },
                "reason": {
                    "type": "string",
                    "enum": reasons,  # what the shop accepts, today
                    "description": "Why the book goes back.",
                },
                "copies": {
                    "type": "integer",
                    "minimum": 1,
                    "default": 1,
                    "description": "How many copies go back.",
                },
            },
            "required": ["order_id", "reason"],
            "additionalProperties": False,
        },  # fmt: skip
        start_return,
    )
    return [
        function_tool(find_order, read_only=True),
        function_tool(check_stock, read_only=True),
        by_hand,
    ]
