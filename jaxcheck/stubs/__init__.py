"""Type stubs for jax that keep the signatures of transformed functions.

jax types ``jax.jit`` as returning ``JitWrapped`` (called with ``*args, **kwargs``) and
``jax.grad`` and friends as returning a bare ``Callable``, so a type checker or an editor
forgets the parameters of every transformed function. The ``jax-stubs`` package shipped with
jaxcheck (PEP 561; found by pyright/Pylance, mypy and jedi once jaxcheck is installed) types
``jit``, ``pmap``, ``checkpoint``/``remat``, ``grad``, ``value_and_grad``, ``jacfwd``,
``jacrev``/``jacobian`` and ``hessian`` with ``ParamSpec``: ``@jax.jit`` on
``f(x: Array, n: int) -> Array`` gives ``JitWrapped[Array, (x: Array, n: int)]``, which checks
calls against ``f``'s parameters and keeps ``lower``, ``trace``, ``eval_shape`` and
``clear_cache``.

A stub module replaces the whole module it stubs, so the stub for ``jax`` is generated from the
installed jax's own top-level module (every name it exports, in the spelling it uses) and the
typed transforms are appended from ``templates/``. ``py.typed`` says ``partial``: the other jax
modules keep jax's inline types.

Versions: the shipped stubs are generated from jax 0.10.2 and are meant for jax 0.10.x (the
range jaxcheck's ``validate`` extra accepts). On another version, names jax added or removed
are wrong in the stub; ``python -m jaxcheck.stubs check`` reports the mismatch (exit status 1)
and ``python -m jaxcheck.stubs generate`` rewrites the installed stubs for the jax at hand,
warning when a typed transform's parameters changed.
"""

from jaxcheck.stubs.build import (
    STUB_PACKAGE,
    TYPED_TRANSFORMS,
    TemplateError,
    installed_jax_version,
    render_stubs,
    signature_drift,
    stub_drift,
    stubbed_jax_version,
    write_stubs,
)
from jaxcheck.stubs.mirror import MirrorError

__all__ = [
    "STUB_PACKAGE",
    "TYPED_TRANSFORMS",
    "MirrorError",
    "TemplateError",
    "installed_jax_version",
    "render_stubs",
    "signature_drift",
    "stub_drift",
    "stubbed_jax_version",
    "write_stubs",
]
