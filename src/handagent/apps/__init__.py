"""Applications built on the runtime: what a chapter's assistant works on.

    bookshop       a small bookshop's tools (chapter 10): orders, stock, returns; an effect
                   keyed by the call that asked for it, so a call run twice acts once
    shop_database  its SQLite database: the connection the loop's threads share, one lock, one
                   transaction per effect, foreign keys on
    toolbox        a company's back office as 100 tools (chapter 13), with the series' and the
                   bookshop's: a menu large enough to cost, and to need a search

An application is not part of the runtime: it is what a reader replaces with their own. It may
import the runtime and the top-level modules, never views, the mock or the exercises.
"""
