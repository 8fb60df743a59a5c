"""The mypy plugin: hooks that dispatch on fully qualified names to the callbacks.

Every hook also fires while mypy reads JAX itself and everything else, so each answers
``None`` (mypy's default) at once unless the name is one the plugin types.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from typing import Any

from mypy.errors import CompileError
from mypy.modulefinder import get_search_dirs
from mypy.nodes import Decorator, TypeInfo, Var
from mypy.options import Options
from mypy.plugin import ClassDefContext, FunctionContext, MethodContext, Plugin, ReportConfigContext
from mypy.plugins.dataclasses import dataclass_makers
from mypy.types import Type

import jaxcheck
from jaxcheck.mypy.axes import check_in_axes
from jaxcheck.mypy.callbacks import CONTROL_FLOW, check_callbacks
from jaxcheck.mypy.calls import check_static_call
from jaxcheck.mypy.config import ConfigError, load_config
from jaxcheck.mypy.hashability import record_dataclass_hashing
from jaxcheck.mypy.signatures import static_parameters
from jaxcheck.mypy.transforms import partial_call, partial_new, transform_call
from jaxcheck.names import DIFFERENTIATING, PARTIAL, SIGNATURE_PRESERVING, VMAP, canonical
from jaxcheck.stubs.installed import mismatch_notice


@cache
def _jaxcheck_stamp() -> str:
    """jaxcheck's version and a digest of its modules' contents (read once per mypy run)."""
    package = Path(jaxcheck.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    return f"{jaxcheck.__version__}:{digest.hexdigest()[:16]}"


class JaxcheckPlugin(Plugin):
    """Types JAX transformations from the functions they transform."""

    def __init__(self, options: Options) -> None:
        super().__init__(options)
        try:
            self.config = load_config(options.config_file)
        except ConfigError as error:
            # What mypy raises for its own configuration errors: reported, exit status 2.
            raise CompileError([f"error: {error}"]) from None
        config = self.config
        # The environment mypy checks, which `--python-executable` may name: its stubs and jax.
        sys_path, site_packages = get_search_dirs(options.python_executable)
        notice = mismatch_notice([*sys_path, *site_packages])
        if notice is not None:  # once per mypy run, before any message
            print(f"jaxcheck: note: {notice}", file=sys.stderr)
        self._function_callbacks: dict[str, Callable[[FunctionContext], Type]] = {
            name: partial(transform_call, name, config)
            for name in (*SIGNATURE_PRESERVING, *DIFFERENTIATING)
        }
        self._function_callbacks.update({name: partial_new for name in PARTIAL})
        self._function_callbacks.update({name: check_in_axes for name in VMAP})
        self._function_callbacks.update(
            {name: partial(check_callbacks, name) for name in CONTROL_FLOW}
        )
        self._method_callbacks: dict[str, Callable[[MethodContext], Type]] = {
            f"{name}.__call__": partial(partial_call, config) for name in PARTIAL
        }
        self._check_call = partial(check_static_call, config)

    def report_config_data(self, ctx: ReportConfigContext) -> Any:
        """The plugin's settings and jaxcheck's own version and sources, so that changing either
        invalidates mypy's cache (mypy hashes only the module named in `plugins`, which does not
        change when jaxcheck is upgraded)."""
        return {"settings": self.config.to_json(), "jaxcheck": _jaxcheck_stamp()}

    def get_class_decorator_hook(self, fullname: str) -> Callable[[ClassDefContext], None] | None:
        """Record a dataclass's hashing options (mypy's own hook runs from ours)."""
        return record_dataclass_hashing if fullname in dataclass_makers else None

    def get_function_hook(self, fullname: str) -> Callable[[FunctionContext], Type] | None:
        """Type a transformation call, or check a call of a function with static parameters."""
        callback = self._function_callbacks.get(canonical(fullname))
        if callback is not None:
            return callback
        return self._check_call if self._may_have_static_parameters(fullname) else None

    def get_method_hook(self, fullname: str) -> Callable[[MethodContext], Type] | None:
        """Apply a decorator factory, or check a call of a method with static parameters."""
        callback = self._method_callbacks.get(fullname)
        if callback is not None:
            return callback
        return self._check_call if self._may_have_static_parameters(fullname) else None

    def _may_have_static_parameters(self, fullname: str) -> bool:
        """Whether ``fullname`` can name a wrapped function with static parameters: a local
        name (mypy gives locals no qualified name, so the callback looks at the callee's type)
        or a global or attribute whose type records static parameters."""
        if not self.config.check_call_sites:
            return False
        if "." not in fullname:
            return True
        symbol = self.lookup_fully_qualified(fullname)
        if symbol is None:
            # A method inherited from a base class is named after the subclass.
            owner_name, _, member = fullname.rpartition(".")
            owner = self.lookup_fully_qualified(owner_name)
            if owner is None or not isinstance(owner.node, TypeInfo):
                return False
            symbol = owner.node.get(member)
        node = symbol.node if symbol is not None else None
        if isinstance(node, Decorator):
            return bool(static_parameters(node.var.type))
        if isinstance(node, Var):
            return bool(static_parameters(node.type))
        return False
