"""Play in the browser: the FastAPI app, live games over WebSockets, storage, web client.

Needs the ``web`` extra (``pip install 'ballroom[web]'``); see ``app.py`` for the
socket protocol and ``rooms.py`` for how moves, bots and persistence fit together.
"""
