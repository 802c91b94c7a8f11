"""Play in the browser: the FastAPI app, live games over WebSockets, storage, web client.

Needs the ``web`` extra (``pip install 'ballroom[web]'``); see ``app.py`` for the
socket protocol and ``rooms.py`` for how moves, bots and persistence fit together.
The app's routes are by concern: ``lobby_routes``, ``game_routes``,
``record_routes``, ``socket_routes`` (``deps``: what each reads from a request);
the room manager's parts too: ``room`` (one game), ``room_store`` (the store
behind the rooms), ``presence`` (who is at a table), ``bot_driver`` (the bots).
"""
