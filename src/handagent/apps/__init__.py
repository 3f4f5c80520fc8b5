"""Applications built on the runtime: what a chapter's assistant works on.

    bookshop     a small bookshop's SQLite database and the tools over it (chapter 10): orders,
                 stock, returns; each effect one transaction, keyed by the call that asked for it

An application is not part of the runtime: it is what a reader replaces with their own. It may
import the runtime and the top-level modules, never views, the mock or the exercises.
"""
