"""`jaxcheck server`: the Language Server Protocol over stdio, a thin front-end over `api`.

- :mod:`.language_server`: what the server does (diagnostics, code actions, hover);
- :mod:`.documents`: documents as the client counts them (its lines and character units);
- :mod:`.stream`: messages in and out over stdio, and how the server ends.

Needs pygls: installed with the ``server`` extra (see docs/notebooks-and-editors.md).
"""

from .language_server import DEBOUNCE_SECONDS, JaxcheckServer, create_server, main

__all__ = ["DEBOUNCE_SECONDS", "JaxcheckServer", "create_server", "main"]
