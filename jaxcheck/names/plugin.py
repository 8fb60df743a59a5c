"""What the mypy plugin knows of JAX's signatures."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class StaticArguments:
    """The keywords with which a staging transformation names static and donated parameters.

    ``checks_names``: whether JAX rejects a name that is not a parameter (``jax.jit`` does,
    ``jax.checkpoint`` ignores it). ``hashes_static``: whether static arguments are hashed into
    a cache key, so must be hashable.
    """

    static_argnums: str | None = None
    static_argnames: str | None = None
    donate_argnums: str | None = None
    donate_argnames: str | None = None
    checks_names: bool = True
    hashes_static: bool = True


_JIT_ARGUMENTS = StaticArguments(
    "static_argnums", "static_argnames", "donate_argnums", "donate_argnames"
)

# Transformations whose result is called with the parameters of the function they wrap.
SIGNATURE_PRESERVING = frozenset(
    {
        "jax.jit",
        "jax.experimental.pjit.pjit",
        "jax.pmap",
        "jax.checkpoint",
        "jax.remat",
        "jax.custom_jvp",
        "jax.custom_vjp",
        "flax.nnx.jit",
    }
)

# Of those, the ones that take static or donated arguments, and how they name them.
STATIC_ARGUMENTS: dict[str, StaticArguments] = {
    "jax.jit": _JIT_ARGUMENTS,
    "jax.experimental.pjit.pjit": _JIT_ARGUMENTS,
    # flax resolves the options against the function's signature as jax does.
    "flax.nnx.jit": _JIT_ARGUMENTS,
    "jax.pmap": StaticArguments("static_broadcasted_argnums", None, "donate_argnums", None),
    "jax.checkpoint": StaticArguments(
        "static_argnums", "static_argnames", checks_names=False, hashes_static=False
    ),
    "jax.remat": StaticArguments("static_argnums", checks_names=False, hashes_static=False),
}

# Packages whose functions the transformations are applied to inside the package itself, with
# annotations that no checker ever held calls to: `JitWrapped` accepts any call, so they are
# narrower than what runs (measured on jax 0.10.2: `jnp.linalg.norm(x, ord=2.0)` and `ord=1.5`
# run, where `norm` declares `ord: int | str | None`). The plugin keeps such a function's
# parameters, static ones and result, and types each parameter `Any`.
UNCHECKED_ANNOTATIONS_PACKAGES = frozenset({"jax", "jaxlib"})

# Transformations that can be called without the function, returning a decorator.
DECORATOR_FACTORIES = frozenset({"jax.jit", "flax.nnx.jit"})

# Transformations whose result class is generic in the wrapped function's return type.
GENERIC_IN_RETURN = frozenset({"jax.custom_jvp", "jax.custom_vjp"})

# Attributes a transformation's result has at runtime that JAX's own annotations leave out.
RUNTIME_ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "jax.jit": ("clear_cache", "__wrapped__", "__name__", "__qualname__", "__module__"),
    "jax.experimental.pjit.pjit": (
        "clear_cache", "__wrapped__", "__name__", "__qualname__", "__module__",
    ),
    "jax.pmap": ("lower", "__wrapped__", "__name__", "__qualname__", "__module__"),
    "jax.checkpoint": ("__wrapped__", "__name__", "__qualname__", "__module__"),
    "jax.remat": ("__wrapped__", "__name__", "__qualname__", "__module__"),
}

# Differentiation transformations, by the shape of what their result returns: the gradient,
# the value and the gradient, a Jacobian (structured like the output, then the input) or a
# Hessian (a Jacobian of a Jacobian).
DIFFERENTIATING: dict[str, Literal["grad", "value_and_grad", "jacobian", "hessian"]] = {
    "jax.grad": "grad",
    "jax.value_and_grad": "value_and_grad",
    "jax.jacfwd": "jacobian",
    "jax.jacrev": "jacobian",
    "jax.jacobian": "jacobian",
    "jax.hessian": "hessian",
}

# Python scalar types: a mapped argument cannot be one (it needs an axis to map over).
PYTHON_SCALAR_TYPES = frozenset(
    {"builtins.int", "builtins.float", "builtins.complex", "builtins.bool"}
)

# Python and NumPy scalar and array types: JAX hands back a `jax.Array` where they went in.
ARRAY_LEAF_TYPES = PYTHON_SCALAR_TYPES | {"numpy.ndarray", "numpy.generic", "jax.Array"}

# Transformations that convert at the boundary: an argument that is not static reaches the
# function as a `jax.Array` whatever array-like the caller passed, and the result comes back
# with every leaf a `jax.Array` (a Python float too). `checkpoint` outside jit and `grad`'s
# auxiliary data hand back what the function returned.
CONVERTING = frozenset({"jax.jit", "jax.experimental.pjit.pjit", "jax.pmap"})

# Transformations that map a function over a leading axis of its arguments, and the keyword
# that says which arguments are mapped (`None` for one that is not).
MAPPING_AXES: dict[str, str] = {"jax.pmap": "in_axes"}
# `jax.vmap`, whose tuple `in_axes` the mypy plugin checks against the mapped function.
VMAP = frozenset({"jax.vmap"})

# Transformations that trace every non-static argument, a method's `self` included: its class
# must be a pytree (measured on jax 0.10.2: a plain class raises `TypeError: Error interpreting
# argument to ... as an abstract array ... passed to the function at path self`).
TRACES_SELF = frozenset({"jax.jit", "jax.experimental.pjit.pjit", "jax.pmap"})

# What makes a class a pytree: the functions of `jax.tree_util` that register one (called on
# the class or used as its decorator), and the builtin containers JAX flattens itself.
PYTREE_REGISTRATIONS = frozenset(
    {
        "register_pytree_node", "register_pytree_with_keys", "register_pytree_node_class",
        "register_pytree_with_keys_class", "register_dataclass", "register_static",
    }
)  # fmt: skip
PYTREE_BUILTINS = frozenset(
    {"builtins.tuple", "builtins.list", "builtins.dict", "collections.OrderedDict", "collections.defaultdict"}
)
