"""Protocol v1 (spec/protocol.md): the server over the reference engine and a client for any engine.

- `Server` / `serve`: the JSON-lines loop over a `heartspec.engine.Game`.
- `EngineProcess`: drive any engine as a subprocess, with timeouts and a transcript.
"""

from heartspec.protocol.client import (
    EngineClosed,
    EngineCrashed,
    EngineError,
    EngineGarbage,
    EngineProcess,
    EngineTimeout,
)
from heartspec.protocol.messages import PROTOCOL_VERSION, RequestError
from heartspec.protocol.server import Server, serve

__all__ = [
    "EngineClosed",
    "EngineCrashed",
    "EngineError",
    "EngineGarbage",
    "EngineProcess",
    "EngineTimeout",
    "PROTOCOL_VERSION",
    "RequestError",
    "Server",
    "serve",
]
