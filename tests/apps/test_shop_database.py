"""The bookshop's database: its rows, its references, and one effect at a time, from the threads
that share its connection and from another connection to the same file."""

import sqlite3
import threading
import time

import pytest

from handagent.apps.shop_database import REASONS, Shop, open_shop


def test_the_shop_is_created_with_its_books_orders_and_no_returns():
    db = open_shop()
    counts = [db.execute(f"select count(*) from {t}").fetchone()[0]
              for t in ("books", "orders", "reasons", "returns")]  # fmt: skip
    assert counts == [4, 4, len(REASONS), 0]
    assert isinstance(db, Shop) and db.rows("select 1 + ?", 1) == [(2,)]


@pytest.mark.parametrize(
    "sql, values",
    [
        ("insert into returns (number, copies, reason) values (?, ?, ?)", (1042, 1, "bored")),
        ("insert into returns (number, copies, reason) values (?, ?, ?)", (9999, 1, "damaged")),
        ("insert into orders values (?, ?, ?, ?, ?, ?)", (1050, "Ada", "Nope", 1, "shipped", "")),
    ],
)
def test_the_database_refuses_a_reference_to_nothing(sql, values):
    # english.md B10: without PRAGMA foreign_keys = ON, SQLite stores these rows.
    with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
        open_shop().execute(sql, values)


def test_an_effect_that_raises_leaves_nothing_behind_and_the_next_one_runs():
    db = open_shop()
    with pytest.raises(ValueError), db.effect():
        db.execute("insert into returns (number, copies, reason) values (1042, 1, 'damaged')")
        raise ValueError("the check after the insert failed")
    with db.effect():
        db.execute("insert into returns (number, copies, reason) values (1042, 2, 'damaged')")
    assert db.rows("select number, copies from returns") == [(1042, 2)]


def test_a_file_opened_again_keeps_its_returns_and_gains_no_second_row(tmp_path):
    path = str(tmp_path / "shop.db")
    with open_shop(path).effect() as db:
        db.execute("insert into returns (number, copies, reason) values (1042, 1, 'damaged')")
    again = open_shop(path)
    assert again.rows("select count(*) from orders") == [(4,)]
    assert again.rows("select number from returns") == [(1042,)]


def test_effects_on_several_connections_to_one_file_take_turns(tmp_path):
    # BEGIN IMMEDIATE: another connection (another process) waits for the transaction to end,
    # so a check and the insert it allows stay one step across connections too.
    path = str(tmp_path / "shop.db")
    shops, failed = [open_shop(path) for _ in range(4)], []

    def return_one_if_any_left(db: Shop) -> None:
        try:
            with db.effect():
                (taken,) = db.execute("select coalesce(sum(copies), 0) from returns").fetchone()
                time.sleep(0.005)  # work between the check and the insert: the window
                if taken < 2:  # order 1042 has 2 copies
                    db.execute("insert into returns (number, copies, reason) values (1042, 1, ?)",
                               ("damaged",))  # fmt: skip
        except sqlite3.Error as error:  # a deferred BEGIN: "database is locked", not a wait
            failed.append(error)

    threads = [threading.Thread(target=return_one_if_any_left, args=(db,)) for db in shops * 4]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert shops[0].rows("select sum(copies) from returns") == [(2,)] and failed == []
