"""What a call did on the host: the channels the purity experiments watch.

Each channel counts, per call, whether its effect happened: `print` calls made from the user's
module, host I/O (writes to stdout/stderr, log records, opened files, `input`, `breakpoint`),
state (module globals, closure cells, bound `self` objects and their attributes, iterators) and
host randomness and clocks (RNG states, calls of `time.time`, `datetime.now`, `uuid.uuid4`, ...).
"""

from __future__ import annotations

import builtins
import collections
import datetime
import io
import logging
import os
import random
import sys
import time
import types
import uuid
from typing import Any

import jax
import numpy as np

_HOST_CLOCKS_AND_RANDOMNESS = (
    (time, ("time", "time_ns", "perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns", "process_time")),
    (uuid, ("uuid1", "uuid4")),
    (os, ("urandom",)),
    (np.random, ("default_rng", "seed")),
)


class Patches:
    """Temporarily replace callables (in their home module and wherever the user module
    holds the same object) with counting wrappers."""

    def __init__(self, namespace: dict) -> None:
        self.namespace = namespace
        self.user_file = namespace.get("__file__")
        self.counts: collections.Counter[str] = collections.Counter()
        self._undo: list[tuple[Any, str, Any]] = []

    def wrap(self, owner: Any, attribute: str, label: str, replacement: Any = None) -> None:
        original = getattr(owner, attribute, None) if not isinstance(owner, dict) else owner.get(attribute)
        if original is None:
            return
        if replacement is None:
            def replacement(*args: Any, __original=original, __label=label, **kwargs: Any) -> Any:
                if self.called_from_user_code():
                    self.counts[__label] += 1
                return __original(*args, **kwargs)
        self._set(owner, attribute, replacement)
        for name, value in list(self.namespace.items()):
            if value is original:
                self._set(self.namespace, name, replacement)

    def called_from_user_code(self) -> bool:
        """Whether the caller of the wrapper is the user's module (JAX reads clocks too)."""
        return sys._getframe(2).f_code.co_filename == self.user_file

    def _set(self, owner: Any, attribute: str, value: Any) -> None:
        if isinstance(owner, dict):
            self._undo.append((owner, attribute, owner.get(attribute, _ABSENT)))
            owner[attribute] = value
        else:
            self._undo.append((owner, attribute, getattr(owner, attribute)))
            setattr(owner, attribute, value)

    def restore(self) -> None:
        for owner, attribute, value in reversed(self._undo):
            if isinstance(owner, dict):
                if value is _ABSENT:
                    owner.pop(attribute, None)
                else:
                    owner[attribute] = value
            else:
                setattr(owner, attribute, value)
        self._undo.clear()


_ABSENT = object()


def patch_print(patches: Patches, stream: io.StringIO, others: list[dict] = ()) -> None:
    """Count `print` calls of the user's module, and of the ``others`` namespaces."""
    def counting_print(*args: Any, **kwargs: Any) -> None:
        patches.counts["print"] += 1
        kwargs["file"] = stream if kwargs.get("file") in (None, sys.stdout, sys.stderr) else kwargs["file"]
        builtins.print(*args, **kwargs)

    for namespace in [patches.namespace, *(o for o in others if o is not patches.namespace)]:
        patches._set(namespace, "print", counting_print)


def patch_clocks_and_randomness(patches: Patches) -> None:
    for owner, attributes in _HOST_CLOCKS_AND_RANDOMNESS:
        for attribute in attributes:
            patches.wrap(owner, attribute, f"{owner.__name__}.{attribute}")

    original = datetime.datetime

    class CountingDatetime(datetime.datetime):
        @classmethod
        def now(cls, tz: Any = None) -> datetime.datetime:
            if patches.called_from_user_code():
                patches.counts["datetime.now"] += 1
            return original.now(tz)

        @classmethod
        def utcnow(cls) -> datetime.datetime:
            if patches.called_from_user_code():
                patches.counts["datetime.utcnow"] += 1
            return original.now(datetime.timezone.utc)

        @classmethod
        def today(cls) -> datetime.datetime:
            if patches.called_from_user_code():
                patches.counts["datetime.today"] += 1
            return original.today()

    patches.wrap(datetime, "datetime", "datetime", CountingDatetime)
    secrets = sys.modules.get("secrets")
    if secrets is not None:
        for attribute in ("token_bytes", "token_hex", "token_urlsafe", "randbelow", "randbits", "choice"):
            patches.wrap(secrets, attribute, f"secrets.{attribute}")


def rng_states() -> dict[str, Any]:
    state = np.random.get_state()
    return {"random": hash(random.getstate()), "numpy.random": (*state[2:], hash(state[1].tobytes()))}


class HostIO:
    """Writes to sys.stdout/sys.stderr, log records and audited host events during a call."""

    _EVENTS = ("builtins.input", "builtins.breakpoint", "os.system", "subprocess.Popen", "socket.connect", "open")

    def __init__(self) -> None:
        self.events: collections.Counter[str] = collections.Counter()
        self.active = False
        self.text = io.StringIO()
        sys.addaudithook(self._audit)

    def _audit(self, event: str, args: tuple) -> None:
        if not self.active or event not in self._EVENTS:
            return
        if event == "open":
            path = str(args[0]) if args else ""
            mode = str(args[1]) if len(args) > 1 else "r"
            if path.endswith((".py", ".pyc", ".so")) or (mode == "r" and path.startswith(sys.prefix)) or path.startswith("/proc"):
                return
            event = f"open({os.path.basename(path)!s})"
        self.events[event] += 1

    def start(self) -> None:
        self.text = io.StringIO()
        self._saved = (sys.stdout, sys.stderr, sys.stdin, sys.breakpointhook)
        writer = self

        class Counting(io.StringIO):
            def write(self, text: str) -> int:
                if text and writer.active:
                    writer.events[f"write to {self.name}"] += 1
                return writer.text.write(text)

        out, err = Counting(), Counting()
        out.name, err.name = "sys.stdout", "sys.stderr"
        sys.stdout, sys.stderr = out, err
        sys.stdin = io.StringIO("\n" * 1000)
        sys.breakpointhook = lambda *a, **k: None
        self._handler = _CountingHandler(self)
        root = logging.getLogger()
        self._levels = {
            name: lg.level for name, lg in logging.root.manager.loggerDict.items()
            if isinstance(lg, logging.Logger) and not _is_jax_logger(name)
        }
        self._root_level = root.level
        for name in self._levels:
            logging.getLogger(name).setLevel(logging.NOTSET)
        logging.getLogger("jax").setLevel(max(logging.getLogger("jax").getEffectiveLevel(), logging.WARNING))
        root.setLevel(logging.DEBUG)
        root.addHandler(self._handler)
        self._disabled = logging.root.manager.disable
        logging.disable(logging.NOTSET)
        self.active = True

    def stop(self) -> None:
        self.active = False
        sys.stdout, sys.stderr, sys.stdin, sys.breakpointhook = self._saved
        root = logging.getLogger()
        root.removeHandler(self._handler)
        root.setLevel(self._root_level)
        for name, level in self._levels.items():
            logging.getLogger(name).setLevel(level)
        logging.disable(self._disabled)


def _is_jax_logger(name: str) -> bool:
    return name.split(".")[0] in ("jax", "jaxlib")


class _CountingHandler(logging.Handler):
    def __init__(self, io_channel: HostIO) -> None:
        super().__init__(logging.DEBUG)
        self.io_channel = io_channel

    def emit(self, record: logging.LogRecord) -> None:
        if self.io_channel.active and not _is_jax_logger(record.name):
            self.io_channel.events[f"log record ({record.levelname.lower()})"] += 1


# -- state ---------------------------------------------------------------------------------------


def watched_state(namespace: dict, function: Any, arguments: list[Any]) -> dict[str, Any]:
    """Named roots a call may mutate: module data, closure cells, bound and argument objects."""
    roots: dict[str, Any] = {}
    for name, value in namespace.items():
        if not name.startswith("__") and _is_data(value):
            roots[name] = GlobalName(namespace, name)
    for label, cell_owner in _closures(function):
        for name, cell in zip(cell_owner.__code__.co_freevars, cell_owner.__closure__ or ()):
            try:
                value = cell.cell_contents
            except ValueError:
                value = _ABSENT
            roots[f"{name} (closed over by `{label}`)"] = (cell, value)
    for index, owner in enumerate(arguments):
        if _is_data(owner) and hasattr(owner, "__dict__"):
            roots[f"argument {index}" if not isinstance(owner, type) else owner.__name__] = owner
    return roots


class GlobalName:
    """A module-level name, read afresh at every snapshot (rebinding is a change too)."""

    def __init__(self, namespace: dict, name: str) -> None:
        self.namespace = namespace
        self.name = name

    def get(self) -> Any:
        return self.namespace.get(self.name, _ABSENT)


def bound_roots(objects: list[Any]) -> dict[str, Any]:
    return {f"self ({type(o).__name__})": o for o in objects}


def _closures(function: Any):
    seen = set()
    stack = [function]
    while stack:
        current = stack.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, types.FunctionType) and current.__closure__:
            yield current.__qualname__, current
        for attribute in ("__wrapped__", "__func__", "func"):
            inner = getattr(current, attribute, None)
            if inner is not None:
                stack.append(inner)


def _is_data(value: Any) -> bool:
    if isinstance(value, (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType, types.MethodType)):
        return False
    if isinstance(value, (jax.Array, np.ndarray)):
        return True
    return not callable(value) or isinstance(value, (collections.abc.Iterator,))


def fingerprint(value: Any) -> Any:
    if isinstance(value, GlobalName):
        value = value.get()
    if isinstance(value, tuple) and len(value) == 2 and type(value[0]).__name__ == "cell":
        cell = value[0]
        try:
            value = cell.cell_contents
        except ValueError:
            return "<empty cell>"
        return ("cell", fingerprint(value))
    if isinstance(value, types.GeneratorType):
        frame = value.gi_frame
        return ("generator", frame.f_lasti if frame is not None else None)
    if isinstance(value, collections.abc.Iterator):
        try:
            reduced = value.__reduce__()
            return ("iterator", id(value), tuple(x for x in reduced[2:] if isinstance(x, (int, float, str))))
        except Exception:  # noqa: BLE001
            return ("iterator", id(value))
    if isinstance(value, (list, collections.deque)):
        return ("seq", id(value), tuple(id(x) for x in value))
    if isinstance(value, (set, frozenset)):
        return ("set", id(value), frozenset(id(x) for x in value))
    if isinstance(value, dict):
        return ("dict", id(value), tuple((_key(k), id(v)) for k, v in value.items()))
    if hasattr(value, "__dict__") and not isinstance(value, (jax.Array, np.ndarray)):
        try:
            return ("object", id(value), tuple(sorted((k, id(v)) for k, v in vars(value).items())))
        except TypeError:
            return ("object", id(value))
    return ("value", id(value))


def _key(key: Any) -> Any:
    return key if isinstance(key, (str, int, float, bool, type(None))) else id(key)


def find_tracers(roots: dict[str, Any]) -> dict[str, frozenset[int]]:
    """Roots holding tracers (values leaked out of a trace), one level deep: name -> tracer ids."""
    found: dict[str, frozenset[int]] = {}
    for name, value in roots.items():
        if isinstance(value, GlobalName):
            value = value.get()
        if isinstance(value, tuple) and len(value) == 2 and type(value[0]).__name__ == "cell":
            try:
                value = value[0].cell_contents
            except ValueError:
                continue
        items: list[Any] = [value]
        if isinstance(value, (list, tuple, set, collections.deque)):
            items.extend(list(value)[:1000])
        elif isinstance(value, dict):
            items.extend(list(value.values())[:1000])
        elif hasattr(value, "__dict__") and not isinstance(value, (jax.Array, np.ndarray)):
            try:
                items.extend(vars(value).values())
            except TypeError:
                pass
        tracers = frozenset(id(item) for item in items if isinstance(item, jax.core.Tracer))
        if tracers:
            found[name] = tracers
    return found
