"""casino-math studio: a designer's workbench in the browser, served from this machine (``casino-math studio``).

A game as a designer thinks of it: its rules in words, every paytable as an editable table, and beside it the
headline figures of every bet, the return table and the strategy, following each edit (on the counts kept between
runs, :mod:`casino_math.count_cache`); warnings as the designer types, the strategy's change when a pay moves it, an
invalid pay marked at its cell with the command line's message; the edit saved as a variant file; the par sheet of
what is on the screen. :mod:`.workbench` is the model, :mod:`.server` its HTTP face (Flask), ``static/`` the page.
"""
