"""Type stubs for jax that keep the signatures of transformed functions.

jax types ``jax.jit`` as returning ``JitWrapped`` (called with ``*args, **kwargs``) and
``jax.grad`` and friends as returning a bare ``Callable``, so a type checker or an editor
forgets the parameters of every transformed function. ``python -m jaxcheck.stubs install``
generates a ``jax-stubs`` package (PEP 561) for the installed jax into site-packages, where
pyright/Pylance, mypy and jedi find it; installing jaxcheck alone changes nobody's type checking.
The stubs type ``jit``, ``pmap``, ``checkpoint``/``remat``, ``grad``, ``value_and_grad``,
``jacfwd``, ``jacrev``/``jacobian`` and ``hessian`` so that they keep the parameters of the
function they transform.

A stub module replaces the whole module it stubs, so each one is made from the installed jax:
jax's own ``.pyi`` where it ships one (read when the stubs are generated; jaxcheck holds none of
its text), and the implementation module's every name, in the spelling it uses; the typed
transforms are appended from ``templates/``.
``py.typed`` says ``partial``: the other jax modules keep jax's inline types. Generated for the
jax at hand, the stubs match it; after an upgrade, :func:`mismatch_notice` says so (the linter
and the mypy plugin print it) until ``install`` runs again.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxcheck.stubs.build import (
        TYPED_TRANSFORMS,
        TemplateError,
        installed_jax_version,
        render_stubs,
        signature_drift,
        stub_drift,
        write_stubs,
    )
    from jaxcheck.stubs.installed import STUB_PACKAGE, find_installed_stubs, mismatch_notice, stubbed_jax_version
    from jaxcheck.stubs.mirror import MirrorError

# Where each name is defined, imported when first asked for: every `jaxcheck check` asks
# `installed` whether the stubs still match jax, and needs none of the generator (`build`,
# `mirror`: a twentieth of the command's start-up).
_DEFINED_IN = {
    "TYPED_TRANSFORMS": "build", "TemplateError": "build", "installed_jax_version": "build", "render_stubs": "build",
    "signature_drift": "build", "stub_drift": "build", "write_stubs": "build",
    "STUB_PACKAGE": "installed", "find_installed_stubs": "installed", "mismatch_notice": "installed",
    "stubbed_jax_version": "installed", "MirrorError": "mirror",
}


def __getattr__(name: str) -> object:
    module = _DEFINED_IN.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


__all__ = [
    "STUB_PACKAGE",
    "TYPED_TRANSFORMS",
    "MirrorError",
    "TemplateError",
    "find_installed_stubs",
    "installed_jax_version",
    "mismatch_notice",
    "render_stubs",
    "signature_drift",
    "stub_drift",
    "stubbed_jax_version",
    "write_stubs",
]
