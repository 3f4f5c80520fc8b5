"""The bookshop: a small SQLite database (books in stock, orders, returns) and its three tools.

`open_shop()` creates the database with the standard library's `sqlite3` (in memory, or in a
file) and fills it with the same few rows every run, so a chapter's outputs never change.
`shop_tools(db)` gives the assistant its tools:

    find_order    generated from a typed function (`function_tools`): one order by its number
    check_stock   generated: the copies in stock and the price of a book, by words of its title
    start_return  written by hand: the reasons the shop accepts come from its database, and an
                  order number has a least value; a type hint can say neither

A tool's function checks what a schema cannot: that the order exists, was delivered, and is
not returned twice. It raises with a sentence the model can act on (chapter 05 makes that an
error result). The connection is shared by the loop's threads (chapter 04 runs calls at once),
so every query holds one lock.

Not handled here: customers and their identity (anyone may ask about any order), payments and
refunds, dates relative to today, concurrent writers from other processes.
"""

import sqlite3
import threading

from ..runtime.function_tools import function_tool
from ..tools import Tool

BOOKS = [  # (title, author, price in dollars, copies in stock)
    ("Dune", "Frank Herbert", 12.99, 4),
    ("The Hobbit", "J. R. R. Tolkien", 10.50, 0),
    ("Middlemarch", "George Eliot", 9.00, 2),
    ("The Left Hand of Darkness", "Ursula K. Le Guin", 11.25, 1),
]
ORDERS = [  # (order number, customer, title, copies, status, date placed)
    (1041, "Ada Byron", "Middlemarch", 1, "delivered", "2026-11-20"),
    (1042, "Ada Byron", "Dune", 2, "delivered", "2026-11-24"),
    (1043, "Li Wei", "The Hobbit", 1, "shipped", "2026-11-30"),
    (1044, "Sam Okafor", "The Left Hand of Darkness", 1, "processing", "2026-12-02"),
]
REASONS = ["damaged", "wrong_book", "not_as_described", "changed_mind"]
SCHEMA = """
create table books (title text primary key, author text, price real, copies integer);
create table orders (number integer primary key, customer text, title text references books,
                     copies integer, status text, placed text);
create table reasons (reason text primary key);
create table returns (id integer primary key, number integer references orders, copies integer,
                      reason text references reasons);
"""


def open_shop(path: str = ":memory:") -> sqlite3.Connection:
    """The shop's database, created and filled. Example: open_shop() -> a Connection, 4 orders."""
    db = sqlite3.connect(path, check_same_thread=False)  # the loop's threads share it, locked
    db.executescript(SCHEMA)
    db.executemany("insert into books values (?, ?, ?, ?)", BOOKS)
    db.executemany("insert into orders values (?, ?, ?, ?, ?, ?)", ORDERS)
    db.executemany("insert into reasons values (?)", [(r,) for r in REASONS])
    db.commit()
    return db


def shop_tools(db: sqlite3.Connection) -> list[Tool]:
    """The assistant's three tools over `db`: two generated, one written by hand."""
    lock = threading.Lock()

    def query(sql: str, *values: object) -> list[tuple]:
        with lock:
            rows = db.execute(sql, values).fetchall()
            db.commit()
            return rows

    def find_order(order_id: int) -> str:
        """Look up one order by its number: who ordered which book, and where the order is now.

        Args:
            order_id: The order number, e.g. 1042.
        """
        rows = query("select * from orders where number = ?", order_id)
        if not rows:
            raise LookupError(f"There is no order {order_id}; ask the customer to check it.")
        number, customer, title, copies, status, placed = rows[0]
        return f"Order {number}: {copies} × {title} for {customer}, placed {placed}, {status}."

    def check_stock(title: str) -> str:
        """Whether a book is available: how many copies the shop has in stock, and its price.

        Args:
            title: The book's title, or words of it, e.g. Dune.
        """
        rows = query("select * from books where title like ?", f"%{title.strip()}%")
        if not rows:
            raise LookupError(f"The shop has no book titled like {title!r}.")
        return "\n".join(f"{t} by {a}: {n} in stock, ${p:.2f}." for t, a, p, n in rows)

    def start_return(order_id: int, reason: str, copies: int = 1) -> str:
        found = query("select status, copies from orders where number = ?", order_id)
        if not found:
            raise LookupError(f"There is no order {order_id}; look it up with find_order first.")
        if found[0][0] != "delivered":
            raise ValueError(f"Order {order_id} is {found[0][0]}, not delivered: no return yet.")
        taken = query("select coalesce(sum(copies), 0) from returns where number = ?", order_id)
        if copies > found[0][1] - taken[0][0]:
            raise ValueError(f"Order {order_id} has {found[0][1] - taken[0][0]} copies to return.")
        query("insert into returns (number, copies, reason) values (?, ?, ?)", order_id, copies,
              reason)  # fmt: skip
        (opened,) = query("select max(id) from returns")[0]
        return f"Return R-{opened} opened for order {order_id}: {copies} copy(ies), {reason}."

    reasons = [row[0] for row in query("select reason from reasons order by rowid")]
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
    return [function_tool(find_order), function_tool(check_stock), by_hand]
