"""The bookshop's database: its rows, its schema, and the connection the tools share.

`open_shop()` creates it with the standard library's `sqlite3` (in memory, or in a file) and
fills it with the same few rows every run, so a chapter's outputs never change (a file that
exists is opened as it was: its returns are still there after a crash). The connection
is a `Shop`: the loop's threads share it (chapter 04 runs a reply's calls at once), and one
connection is one transaction, so SQLite cannot keep those threads apart. Its lock can: held
for every query (`rows`), and across an effect's whole transaction (`effect`), from
`BEGIN IMMEDIATE` (which also keeps out writers on other connections to the same file) to
`COMMIT`, so that a check and the insert it allows are one step.

    with db.effect():  # nobody reads or writes between the check and the insert
        left = ...select the copies not yet returned...
        db.execute("insert into returns ...")

`PRAGMA foreign_keys = ON` makes the schema's references hold (SQLite leaves them off), and a
return keeps the id of the call that opened it in a UNIQUE column (`bookshop` reads it).

Not handled here: the tools (see `bookshop`), migrating a file made by an older schema.
"""

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager

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
create table if not exists books (title text primary key, author text, price real,
    copies integer);
create table if not exists orders (number integer primary key, customer text,
    title text references books, copies integer, status text, placed text);
create table if not exists reasons (reason text primary key);
create table if not exists returns (id integer primary key,
    number integer not null references orders, copies integer not null check (copies > 0),
    reason text not null references reasons,
    call_id text unique);  -- the id of the call that opened it: a call opens one return
"""


class Shop(sqlite3.Connection):
    """The shop's connection, shared by the loop's threads: one lock, one effect at a time."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.lock = threading.Lock()

    def rows(self, sql: str, *values: object) -> list[tuple]:
        """One query's rows, the lock held. Example: ("select 1 + ?", 1) -> [(2,)]"""
        with self.lock:
            return self.execute(sql, values).fetchall()

    @contextmanager
    def effect(self) -> Iterator[sqlite3.Connection]:
        """One transaction, the lock held throughout: committed at the end, undone on a raise."""
        with self.lock:
            self.execute("begin immediate")
            try:
                yield self
                self.execute("commit")
            except BaseException:
                self.execute("rollback")
                raise


def open_shop(path: str = ":memory:") -> Shop:
    """The shop's database, created and filled, or opened again as it was if the file exists.

    Example: open_shop() -> a Shop in memory, 4 orders;  open_shop("shop.db") -> that file's
    """
    # isolation_level=None: no transaction opened behind our back; effect() says where each is.
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, factory=Shop)
    db.execute("pragma foreign_keys = on")  # off by default in SQLite, for each connection
    with db.effect():
        for statement in SCHEMA.split(";")[:-1]:  # the last piece is a comment
            db.execute(statement)
        db.executemany("insert or ignore into books values (?, ?, ?, ?)", BOOKS)
        db.executemany("insert or ignore into orders values (?, ?, ?, ?, ?, ?)", ORDERS)
        db.executemany("insert or ignore into reasons values (?)", [(r,) for r in REASONS])
    return db
