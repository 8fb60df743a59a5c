"""Every JAX name jaxcheck recognises, in one place.

Names are written in their public spelling (``jax.jit``), the spelling a user's imports resolve
to. :data:`DEFINITION_SPELLINGS` maps the spelling where a name is defined (``jax._src.api.jit``,
what mypy reports) back to the public one, so a JAX release that moves a definition is a one-line
change here. Users add their own jit-like decorators through ``[tool.jaxcheck] jit-decorators``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ParamPolicy = Literal["all", "annotated-arrays", "none"]


@dataclass(frozen=True)
class Transform:
    """How a JAX transformation treats the function it is given.

    ``staged``: traced once and cached, so Python side effects in the body are frozen.
    ``abstract``: parameters become abstract tracers, so Python control flow on them raises
    (true under jit, vmap and lax bodies; false under grad alone, whose tracers stay concrete).
    ``params``: which parameters hold traced values ("all" non-static ones; "annotated-arrays"
    for transforms that make every non-array argument static, as equinox's ``filter_jit``).
    ``function_args``: positions and keyword names of the arguments that are functions traced
    by this transform (the decorated function for decorators).
    ``takes_static``: whether ``static_argnums``/``static_argnames`` apply.
    """

    name: str
    staged: bool
    abstract: bool = True
    params: ParamPolicy = "all"
    function_args: tuple[tuple[int, str], ...] = ((0, "fun"),)
    takes_static: bool = False
    manages_state: bool = False
    maps_axes: bool = False  # vmap-like: `in_axes` entries of None pass an argument through


def _jit(name: str, **overrides: object) -> Transform:
    fields: dict = {"staged": True, "takes_static": True, "function_args": ((0, "fun"),)}
    fields.update(overrides)
    return Transform(name, **fields)


def _traced(
    name: str, *function_args: tuple[int, str], staged: bool = False, abstract: bool = True
) -> Transform:
    return Transform(
        name, staged=staged, abstract=abstract, function_args=function_args or ((0, "fun"),)
    )


# Transformations whose function is compiled once and cached: trace-time side effects freeze.
JIT_TRANSFORMS: dict[str, Transform] = {
    t.name: t
    for t in (
        _jit("jax.jit"),
        _jit("jax.pmap", function_args=((0, "fun"),)),
        _jit("jax.experimental.pjit.pjit"),
        _jit("jax.pjit"),
        _jit("equinox.filter_jit", params="annotated-arrays", takes_static=False),
        _jit("equinox.filter_pmap", params="annotated-arrays", takes_static=False),
        _jit("flax.nnx.jit", manages_state=True),
        _jit("flax.nnx.pmap", manages_state=True),
    )
}

# Bodies of lax control flow: traced (and staged, since they are traced into the enclosing
# computation or compiled on their own). Every parameter is traced; none can be static.
CONTROL_FLOW: dict[str, Transform] = {
    t.name: t
    for t in (
        _traced("jax.lax.scan", (0, "f"), staged=True),
        _traced("jax.lax.fori_loop", (2, "body_fun"), staged=True),
        _traced("jax.lax.while_loop", (0, "cond_fun"), (1, "body_fun"), staged=True),
        _traced("jax.lax.cond", (1, "true_fun"), (2, "false_fun"), staged=True),
        _traced("jax.lax.switch", (1, "branches"), staged=True),
        _traced("jax.lax.map", (0, "f"), staged=True),
        _traced("jax.lax.associative_scan", (0, "fn"), staged=True),
        _traced("jax.lax.reduce", (3, "computation"), staged=True),
        _traced("jax.experimental.shard_map.shard_map", (0, "f")),
        _traced("jax.shard_map", (0, "f")),
    )
}

# Traced on every call but not cached: side effects run each call. Under vmap the values are
# abstract (concretization raises); under grad alone they stay concrete (measured on jax 0.10.2).
TRACING_TRANSFORMS: dict[str, Transform] = {
    t.name: t
    for t in (
        Transform("jax.vmap", staged=False, maps_axes=True),
        _traced("jax.grad", abstract=False),
        _traced("jax.value_and_grad", abstract=False),
        _traced("jax.jacfwd", abstract=False),
        _traced("jax.jacrev", abstract=False),
        _traced("jax.jacobian", abstract=False),
        _traced("jax.hessian", abstract=False),
        _traced("jax.checkpoint", abstract=False),
        _traced("jax.remat", abstract=False),
        _traced("jax.ad_checkpoint.checkpoint", abstract=False),
        _traced("jax.custom_jvp", abstract=False),
        _traced("jax.custom_vjp", abstract=False),
        _traced("jax.linearize", abstract=False),
        _traced("jax.jvp", abstract=False),
        _traced("jax.vjp", abstract=False),
        _traced("jax.eval_shape"),
        _traced("jax.make_jaxpr"),
        Transform("equinox.filter_vmap", staged=False, params="annotated-arrays"),
        _traced("equinox.filter_grad", abstract=False),
        _traced("equinox.filter_value_and_grad", abstract=False),
        Transform("flax.nnx.vmap", staged=False, maps_axes=True),
        _traced("flax.nnx.grad", abstract=False),
        _traced("flax.nnx.value_and_grad", abstract=False),
    )
}

# The sanctioned escape hatches (`jax.debug.print`, `jax.debug.callback`, `io_callback`,
# `pure_callback`) need no entry: a function passed to a call is never taken as traced, only
# functions that a traced body calls directly, or that a transform is applied to.

# `functools.partial` spellings, for `partial(jax.jit, static_argnums=...)`.
PARTIAL = frozenset({"functools.partial"})

# Modules whose functions return arrays built from their arguments (traced in, traced out).
ARRAY_MODULES = (
    "jax.numpy",
    "jax.lax",
    "jax.nn",
    "jax.random",
    "jax.scipy",
    "jax.tree_util",
    "jax.tree",
)

# Functions of those modules whose listed arguments must be concrete (a shape, size or axis).
SHAPE_ARGUMENTS: dict[str, tuple[tuple[int, str], ...]] = {
    "jax.numpy.zeros": ((0, "shape"),),
    "jax.numpy.ones": ((0, "shape"),),
    "jax.numpy.empty": ((0, "shape"),),
    "jax.numpy.full": ((0, "shape"),),
    "jax.numpy.arange": ((0, "start"), (1, "stop"), (2, "step")),
    "jax.numpy.linspace": ((2, "num"),),
    "jax.numpy.eye": ((0, "N"), (1, "M")),
    "jax.numpy.identity": ((0, "n"),),
    "jax.numpy.reshape": ((1, "shape"),),
    "jax.numpy.broadcast_to": ((1, "shape"),),
    "jax.numpy.tile": ((1, "reps"),),
    "jax.numpy.repeat": ((1, "repeats"),),
    "jax.random.normal": ((1, "shape"),),
    "jax.random.uniform": ((1, "shape"),),
    "jax.random.bernoulli": ((2, "shape"),),
    "jax.random.randint": ((1, "shape"),),
    "jax.random.split": ((1, "num"),),
    "jax.random.choice": ((2, "shape"),),
    "jax.random.categorical": ((2, "axis"), (3, "shape")),
    "jax.nn.one_hot": ((1, "num_classes"),),
    "jax.lax.dynamic_slice": ((2, "slice_sizes"),),
    "jax.lax.dynamic_slice_in_dim": ((2, "slice_size"), (3, "axis")),
    "jax.lax.top_k": ((1, "k"),),
    "jax.numpy.take": ((2, "axis"),),
    "jax.numpy.roll": ((2, "axis"),),
    "jax.numpy.transpose": ((1, "axes"),),
    "jax.numpy.swapaxes": ((1, "axis1"), (2, "axis2")),
    "jax.numpy.moveaxis": ((1, "source"), (2, "destination")),
    "jax.numpy.split": ((1, "indices_or_sections"),),
    "jax.numpy.pad": ((1, "pad_width"),),
    "jax.numpy.triu": ((1, "k"),),
    "jax.numpy.tril": ((1, "k"),),
    "jax.numpy.diag": ((1, "k"),),
    # Reductions and axis-wise functions take the axis second (measured: a traced one raises).
    **{
        f"jax.numpy.{name}": ((1, "axis"),)
        for name in (
            "sum", "mean", "max", "min", "prod", "std", "var", "argmax", "argmin", "any", "all",
            "cumsum", "cumprod", "median", "amax", "amin", "ptp", "nansum", "nanmean", "nanmax",
            "nanmin", "sort", "argsort", "flip", "expand_dims", "squeeze", "concatenate", "stack",
        )
    },
}
# Arguments in those tables that name axes: a pytree of them may be None, so they are
# reported only for certain arrays.
AXIS_ARGUMENTS = frozenset({"axis", "axes", "axis1", "axis2", "source", "destination"})

# Array methods whose listed arguments must be concrete.
SHAPE_METHOD_ARGUMENTS: dict[str, tuple[tuple[int, str], ...]] = {
    "reshape": ((0, "shape"),),
    "broadcast_to": ((0, "shape"),),
    "repeat": ((0, "repeats"),),
    **{
        name: ((0, "axis"),)
        for name in (
            "sum", "mean", "max", "min", "prod", "std", "var", "argmax", "argmin", "any", "all",
            "cumsum", "cumprod", "sort", "argsort", "squeeze",
        )
    },
}

# Functions of the array modules that return Python metadata even for traced arguments
# (measured on jax 0.10.2: `lax.axis_size` gives an int, `jnp.iscomplexobj` a bool,
# `jnp.broadcast_shapes`/`lax.broadcast_shapes` a tuple).
STATIC_RESULT_FUNCTIONS = frozenset(
    {
        "jax.numpy.shape", "jax.numpy.ndim", "jax.numpy.size", "jax.numpy.dtype",
        "jax.numpy.result_type", "jax.numpy.issubdtype", "jax.numpy.iinfo", "jax.numpy.finfo",
        "jax.numpy.promote_types", "jax.numpy.can_cast", "jax.numpy.isdtype",
        "jax.numpy.isscalar", "jax.numpy.iscomplexobj", "jax.numpy.isrealobj",
        "jax.numpy.broadcast_shapes", "jax.lax.broadcast_shapes", "jax.lax.axis_size",
        "jax.dtypes.issubdtype", "jax.tree_util.tree_structure", "jax.tree.structure",
        "jax.tree_util.tree_flatten", "jax.tree.flatten",
    }
)

# Collectives that return a Python value when their operand is one (the axis name is always
# static): `lax.psum(1, axis)` is the
# standard spelling of the axis size (measured on jax 0.10.2 under vmap: an int, not a tracer).
CONCRETE_FOR_CONCRETE_OPERANDS = frozenset({"jax.lax.psum"})

# Attributes of an array that are static Python values even when the array is traced.
STATIC_ARRAY_ATTRIBUTES = frozenset(
    {"shape", "ndim", "dtype", "size", "weak_type", "sharding", "aval", "itemsize", "nbytes"}
)

# Attributes and methods that exist only on arrays: reaching for them proves the value is one.
ARRAY_ATTRIBUTES = frozenset({"T", "mT", "real", "imag", "at"})
ARRAY_METHODS = frozenset(
    {
        "sum", "mean", "max", "min", "prod", "std", "var", "argmax", "argmin", "any", "all",
        "reshape", "astype", "transpose", "squeeze", "ravel", "flatten", "clip", "dot",
        "cumsum", "cumprod", "round", "conj", "sort", "argsort", "swapaxes", "take",
    }
)

# Annotations that say "this parameter is an array" (resolved names).
ARRAY_ANNOTATIONS = frozenset(
    {
        "jax.Array",
        "jax.numpy.ndarray",
        "jax.typing.ArrayLike",
        "jaxcheck.typing.Array",
        "jaxcheck.typing.ArrayLike",
        "jaxcheck.typing.Scalar",
        "jaxcheck.typing.ScalarLike",
        "chex.Array",
        "chex.ArrayDevice",
        "numpy.ndarray",
    }
)
# jaxtyping's dtype-annotated arrays: `Float[Array, "b n"]` and friends.
JAXTYPING_ARRAY_KINDS = frozenset(
    {
        "jaxtyping.Array", "jaxtyping.Float", "jaxtyping.Int", "jaxtyping.Bool",
        "jaxtyping.Shaped", "jaxtyping.Num", "jaxtyping.Real", "jaxtyping.Inexact",
        "jaxtyping.Complex", "jaxtyping.Integer", "jaxtyping.UInt", "jaxtyping.Key",
        "jaxtyping.PRNGKeyArray",
    }
)
# Python scalar annotations: traced (as weakly typed scalars) when the parameter is not static.
SCALAR_ANNOTATIONS = frozenset({"int", "float", "bool", "complex"})

# `jaxcheck.typing.Static[T]`: the parameter must be passed as a static argument.
STATIC_MARKER = "jaxcheck.typing.Static"

# Annotations of types that cannot be hashed (their `__hash__` is None) or hash by value badly.
UNHASHABLE_ANNOTATIONS = frozenset(
    {
        "list", "dict", "set", "bytearray",
        "typing.List", "typing.Dict", "typing.Set", "typing.MutableSequence",
        "typing.MutableMapping", "typing.MutableSet",
        "collections.abc.MutableSequence", "collections.abc.MutableMapping",
        "collections.abc.MutableSet",
        "numpy.ndarray", "jax.Array", "jax.numpy.ndarray",
    }
)

# jax.numpy's scalar types: calling one builds a 0-d `jax.Array` (measured on jax 0.10.2:
# `jnp.float32(1.0)` as a static argument raises `ValueError: Non-hashable static arguments`),
# unlike NumPy's, whose scalars hash.
JAX_NUMPY_SCALAR_TYPES = (
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "bfloat16", "float32", "float64", "single", "double", "float_", "int_", "uint",
    "complex64", "complex128", "csingle", "cdouble", "complex_",
)  # fmt: skip
ARRAY_SCALAR_CONSTRUCTORS = frozenset(f"jax.numpy.{name}" for name in JAX_NUMPY_SCALAR_TYPES)

# Calls that build an unhashable value.
UNHASHABLE_CONSTRUCTORS = ARRAY_SCALAR_CONSTRUCTORS | frozenset(
    {
        "list", "dict", "set", "bytearray",
        "numpy.array", "numpy.asarray", "numpy.zeros", "numpy.ones", "numpy.arange",
        "numpy.empty", "numpy.full", "numpy.linspace",
        "jax.numpy.array", "jax.numpy.asarray", "jax.numpy.zeros", "jax.numpy.ones",
        "jax.numpy.arange", "jax.numpy.empty", "jax.numpy.full", "jax.numpy.linspace",
        "argparse.Namespace", "types.SimpleNamespace", "sorted",
    }
)
# Methods that return a list or a dict view whatever they are called on (`"a,b".split(",")`,
# `x.tolist()`, `d.keys()`): never hashable.
UNHASHABLE_METHODS = {
    "split": "a `list`", "rsplit": "a `list`", "splitlines": "a `list`", "tolist": "a `list`",
    "keys": "a dict view", "values": "a dict view", "items": "a dict view",
}
# Methods whose result cannot be hashed, by the factory of the object they are called on.
UNHASHABLE_METHOD_RESULTS = {
    ("argparse.ArgumentParser", "parse_args"): "an `argparse.Namespace`",
}
# Calls whose results hash by identity and are new on every call: an optax transformation is
# a NamedTuple of fresh closures.
IDENTITY_HASHED_FACTORIES = ("optax.",)

# Host-side effects: output, input and debugging.
PRINT_FUNCTIONS = frozenset({"print"})
HOST_IO_FUNCTIONS = frozenset(
    {
        "input", "breakpoint", "open",
        "pdb.set_trace", "sys.stdout.write", "sys.stderr.write",
        "logging.debug", "logging.info", "logging.warning", "logging.error",
        "logging.critical", "logging.exception", "logging.log",
    }
)
LOGGER_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "critical", "exception", "log"})
LOGGER_FACTORIES = frozenset({"logging.getLogger", "absl.logging.get_absl_logger"})
# Host objects whose every method call is a side effect: progress bars and open files.
HOST_IO_FACTORIES = frozenset(
    {
        "tqdm.tqdm", "tqdm.auto.tqdm", "tqdm.notebook.tqdm", "tqdm.trange", "tqdm.auto.trange",
        "tqdm.std.tqdm", "rich.progress.Progress", "open", "io.open",
    }
)
# Host random generators: each draw at trace time is frozen into the compiled code.
HOST_RNG_FACTORIES = frozenset(
    {
        "numpy.random.default_rng", "numpy.random.RandomState", "numpy.random.Generator",
        "random.Random", "random.SystemRandom",
    }
)

# Host randomness and clocks: their value at trace time becomes a compiled-in constant.
HOST_NONDETERMINISM_MODULES = ("random", "numpy.random", "secrets")
HOST_NONDETERMINISM_FUNCTIONS = frozenset(
    {
        "time.time", "time.time_ns", "time.perf_counter", "time.perf_counter_ns",
        "time.monotonic", "time.monotonic_ns", "time.process_time",
        "datetime.datetime.now", "datetime.datetime.utcnow", "datetime.datetime.today",
        "datetime.date.today", "uuid.uuid1", "uuid.uuid4", "os.urandom", "os.getpid",
    }
)

# Methods that mutate the built-in containers in place.
MUTATING_METHODS = frozenset(
    {
        "append", "extend", "insert", "pop", "popitem", "remove", "clear", "update",
        "setdefault", "add", "discard", "sort", "reverse", "appendleft", "extendleft",
        "popleft", "__setitem__", "__delitem__",
    }
)

# Builtins that compare or convert their arguments in Python.
CONCRETIZING_CONVERSIONS = frozenset({"int", "float", "bool", "complex", "operator.index"})
CONCRETIZING_METHODS = frozenset({"item", "tolist", "__index__", "__int__", "__float__", "__bool__"})
NUMPY_CONVERSIONS = frozenset(
    {"numpy.asarray", "numpy.array", "numpy.asanyarray", "numpy.ascontiguousarray", "numpy.copy"}
)
COMPARING_BUILTINS = frozenset({"min", "max", "sorted"})
MATH_MODULE = "math"

# Where JAX defines its public names: the spelling a type checker reports.
DEFINITION_SPELLINGS: dict[str, str] = {
    "jax._src.api.jit": "jax.jit",
    "jax._src.pjit.pjit": "jax.experimental.pjit.pjit",
    "jax._src.pmap.pmap": "jax.pmap",
    "jax._src.api.pmap": "jax.pmap",  # jax before 0.7
    "jax._src.api.grad": "jax.grad",
    "jax._src.api.value_and_grad": "jax.value_and_grad",
    "jax._src.api.jacfwd": "jax.jacfwd",
    "jax._src.api.jacrev": "jax.jacrev",
    "jax._src.api.jacobian": "jax.jacobian",
    "jax._src.api.hessian": "jax.hessian",
    "jax._src.api.vmap": "jax.vmap",
    "jax._src.ad_checkpoint.checkpoint": "jax.checkpoint",
    "jax._src.ad_checkpoint.remat": "jax.remat",
    "jax._src.custom_derivatives.custom_jvp": "jax.custom_jvp",
    "jax._src.custom_derivatives.custom_vjp": "jax.custom_vjp",
    "jax._src.basearray.Array": "jax.Array",
    "equinox._jit.filter_jit": "equinox.filter_jit",
    "flax.nnx.transforms.compilation.jit": "flax.nnx.jit",
    "jax._src.lax.control_flow.loops.fori_loop": "jax.lax.fori_loop",
    "jax._src.lax.control_flow.conditionals.cond": "jax.lax.cond",
    # jax.numpy's scalar types, where jax 0.10 and jax 0.4 define them.
    **{
        f"jax._src.numpy.{module}.{name}": f"jax.numpy.{name}"
        for module in ("scalar_types", "lax_numpy")
        for name in JAX_NUMPY_SCALAR_TYPES
    },
}


def canonical(name: str) -> str:
    """The public spelling of ``name`` (a definition spelling maps back; others are unchanged)."""
    return DEFINITION_SPELLINGS.get(name, name)


# Pytree classes whose `tree_unflatten` calls the class: `__init__` runs with tracers whenever
# an instance crosses a transformation (an unflatten is not cached: effects are not frozen).
PYTREE_CLASS_REGISTRATIONS = frozenset(
    {"jax.tree_util.register_pytree_node_class", "jax.tree_util.register_pytree_with_keys_class"}
)
PYTREE_UNFLATTEN = Transform("jax.tree_util.register_pytree_node_class", staged=False, abstract=True)


def transform_for(name: str) -> Transform | None:
    """The transformation that ``name`` (a resolved, public spelling) applies, if any."""
    name = canonical(name)
    return JIT_TRANSFORMS.get(name) or CONTROL_FLOW.get(name) or TRACING_TRANSFORMS.get(name)


def is_array_function(name: str) -> bool:
    """Whether ``name`` is a function of a JAX array module (traced arguments give traced results)."""
    return any(name == module or name.startswith(module + ".") for module in ARRAY_MODULES)


# --- mypy plugin ---


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

# Transformations that map a function over a leading axis of its arguments, and the keyword
# that says which arguments are mapped (`None` for one that is not).
MAPPING_AXES: dict[str, str] = {"jax.pmap": "in_axes"}
# `jax.vmap`, whose tuple `in_axes` the mypy plugin checks against the mapped function.
VMAP = frozenset({"jax.vmap"})


# --- tracing rules ---
# Keyword arguments that lift the concreteness requirement of a shape argument: with
# `total_repeat_length`, `jnp.repeat` accepts traced `repeats` (measured on jax 0.10.2).
SHAPE_ARGUMENT_WAIVERS: dict[str, tuple[str, str]] = {
    "jax.numpy.repeat": ("repeats", "total_repeat_length"),
}

# --- static_args rules ---

# Decorators that keep the signature of the function they wrap (`functools.wraps`), so
# `jax.jit` above them checks `static_argnums`/`static_argnames` against the inner def
# (measured on jax 0.10.2 for each).
SIGNATURE_PRESERVING_DECORATORS = frozenset(
    {
        "jax.vmap", "jax.grad", "jax.value_and_grad", "jax.checkpoint", "jax.remat",
        "jax.ad_checkpoint.checkpoint", "jax.named_call", "jax.named_scope",
        "jax.default_matmul_precision", "jax.custom_jvp", "jax.custom_vjp",
    }
)

# --- PRNG keys ---
# What `jax_debug_key_reuse` counts (measured on jax 0.10.2): every sampler and `split` consume
# their key (argument 0, `key`); `fold_in`, `clone`, `key_data` and the constructors do not.
PRNG_SAMPLERS = frozenset(
    f"jax.random.{name}"
    for name in (
        "ball", "bernoulli", "beta", "binomial", "bits", "categorical", "cauchy", "chisquare",
        "choice", "dirichlet", "double_sided_maxwell", "exponential", "f", "gamma",
        "generalized_normal", "geometric", "gumbel", "laplace", "loggamma", "logistic",
        "lognormal", "maxwell", "multinomial", "multivariate_normal", "normal", "orthogonal",
        "pareto", "permutation", "poisson", "rademacher", "randint", "rayleigh", "t",
        "triangular", "truncated_normal", "uniform", "wald", "weibull_min",
    )
)
PRNG_SPLIT = "jax.random.split"
PRNG_FOLD_IN = "jax.random.fold_in"
# Calls that make a key from a seed: with a constant seed, the same key on every run and call.
PRNG_KEY_CONSTRUCTORS = frozenset({"jax.random.PRNGKey", "jax.random.key"})
# Annotations that say "this parameter is a PRNG key".
PRNG_KEY_ANNOTATIONS = frozenset(
    {
        "jax.random.KeyArray", "jax.random.PRNGKeyArray", "jax.prng.PRNGKeyArray",
        "jaxcheck.typing.PRNGKeyArray", "jaxtyping.PRNGKeyArray", "chex.PRNGKey",
        "flax.typing.PRNGKey",
    }
)
# Transforms that run their function many times with the same closed-over values: a key read
# from the enclosing scope there gives the same bits on every iteration or mapped element.
REPEATING_TRANSFORMS = frozenset(
    {"jax.lax.scan", "jax.lax.fori_loop", "jax.lax.while_loop", "jax.lax.map", "jax.vmap"}
)
# Objects that hold a key and draw from it (every argument is a key): two of them built from one
# key produce the same streams.
PRNG_KEY_HOLDERS = frozenset({"flax.nnx.Rngs"})
# The last part of each of those names: a call whose callee ends otherwise needs no resolving.
PRNG_CONSUMER_SHORT_NAMES = frozenset(
    name.rsplit(".", 1)[1] for name in (*PRNG_SAMPLERS, PRNG_SPLIT, *PRNG_KEY_HOLDERS)
)
# Of those, the loops whose body's return value is the next iteration's input (the carry).
CARRY_TRANSFORMS = frozenset({"jax.lax.scan", "jax.lax.fori_loop", "jax.lax.while_loop"})
