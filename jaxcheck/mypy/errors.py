"""The error codes the plugin reports and the messages that go with them.

Every code lives in the ``jaxcheck`` category, so ``--disable-error-code``, ``enable_error_code``
and ``# type: ignore[jaxcheck-...]`` treat them like mypy's own codes.
"""

from __future__ import annotations

from typing import Final

from mypy.errorcodes import ErrorCode

CATEGORY: Final = "jaxcheck"

STATIC_ARG: Final = ErrorCode(
    "jaxcheck-static-arg",
    "Check that static arguments of a staged function name its parameters",
    CATEGORY,
)
DONATE_ARG: Final = ErrorCode(
    "jaxcheck-donate-arg",
    "Check that donated arguments name parameters and are not also static",
    CATEGORY,
)
UNHASHABLE_STATIC: Final = ErrorCode(
    "jaxcheck-unhashable-static",
    "Check that static parameters and the values passed to them can be hashed",
    CATEGORY,
)
ARGNUMS: Final = ErrorCode(
    "jaxcheck-argnums",
    "Check that `argnums` of a differentiation transform names positional parameters",
    CATEGORY,
)
HAS_AUX: Final = ErrorCode(
    "jaxcheck-has-aux",
    "Check that a function differentiated with `has_aux=True` returns a pair",
    CATEGORY,
)

DIFFERENTIABLE: Final = ErrorCode(
    "jaxcheck-differentiable",
    "Check that a differentiated function returns and takes floating-point values",
    CATEGORY,
)
AXES: Final = ErrorCode(
    "jaxcheck-axes",
    "Check that a tuple `in_axes`/`out_axes` of `jax.vmap` can match the mapped function",
    CATEGORY,
)

CALLBACK: Final = ErrorCode(
    "jaxcheck-callback",
    "Check that `lax` control-flow callbacks take the arguments they are given",
    CATEGORY,
)

TRACED_SELF: Final = ErrorCode(
    "jaxcheck-traced-self",
    "Check that the traced `self` of a jitted method can be traced (its class is a pytree)",
    CATEGORY,
)

ALL_CODES: Final = (
    STATIC_ARG, DONATE_ARG, UNHASHABLE_STATIC, ARGNUMS, HAS_AUX, DIFFERENTIABLE, AXES, CALLBACK,
    TRACED_SELF,
)

# Messages: one line, code in backticks, no trailing period, and the function named.
POSITION_OUT_OF_RANGE: Final = (
    "`{option}` of {kind} function `{function}` names position {position}, "
    "but it takes {count} positional argument(s)"
)
UNKNOWN_ARGNAME: Final = (
    "`{option}` of {kind} function `{function}` names `{name}`, which is not a parameter"
)
POSITIONAL_ONLY_ARGNAME: Final = (
    "`{option}` of {kind} function `{function}` names `{name}`, which cannot be passed by keyword"
)
STATIC_AND_DONATED: Final = "{Kind} function `{function}` makes `{name}` both static and donated"
STATIC_MARKER_TRACED: Final = (
    "Parameter `{name}` of {kind} function `{function}` is marked `Static` "
    "but is not named in {options}"
)
UNHASHABLE_PARAMETER: Final = (
    "Static parameter `{name}` of {kind} function `{function}` is annotated `{type}`, "
    "which JAX cannot hash"
)
UNHASHABLE_ARGUMENT: Final = (
    "Value of type `{type}` passed to static parameter `{name}` of {kind} function "
    "`{function}` cannot be hashed"
)
HAS_AUX_NOT_PAIR: Final = (
    "`{transform}` with `has_aux=True` needs `{function}` to return a pair (value, aux), "
    "but it returns `{type}`"
)

NOT_FLOAT_OUTPUT: Final = (
    "`{transform}` needs `{function}` to return a floating-point value, but it returns `{type}`"
)
NOT_FLOAT_INPUT: Final = (
    "`{transform}` differentiates parameter `{name}` of `{function}`, annotated `{type}`; "
    "JAX differentiates only floating-point inputs (or pass `allow_int=True`)"
)

IN_AXES_ARITY: Final = (
    "`in_axes` of `jax.vmap` has {count} entries, but `{function}` takes {expected} "
    "positional argument(s)"
)

OUT_AXES_ARITY: Final = (
    "`out_axes` of `jax.vmap` has {count} entries, but `{function}` returns {returns}"
)

SELF_NOT_PYTREE: Final = (
    "`{name}` of {kind} method `{function}` is traced, but `{cls}` is not a pytree, "
    "so every call raises `TypeError`"
)

CALLBACK_ARITY: Final = (
    "`{transform}` calls `{function}` with {count} positional argument(s), but it takes {takes}"
)

# How messages call the function a transformation wraps.
FUNCTION_KIND: Final = {
    "jax.jit": "jitted",
    "jax.experimental.pjit.pjit": "jitted",
    "flax.nnx.jit": "jitted",
    "jax.pmap": "pmapped",
    "jax.checkpoint": "checkpointed",
    "jax.remat": "checkpointed",
}


def function_kind(transform: str) -> str:
    """``jitted``, ``pmapped``...: how messages describe a function wrapped by ``transform``."""
    return FUNCTION_KIND.get(transform, "transformed")
