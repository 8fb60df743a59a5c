"""Array functions and what their arguments must be; how values built by calls hash."""

from __future__ import annotations

import builtins


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
    # lax's constructors and shape changes (measured on jax 0.10.2 under `jax.jit`: a traced size
    # raises TypeError "Shapes must be 1D sequences of concrete values", or, for `broadcast` and
    # `broadcast_in_dim`, TracerBoolConversionError).
    "jax.lax.full": ((0, "shape"),),
    "jax.lax.full_like": ((3, "shape"),),
    "jax.lax.iota": ((1, "size"),),
    "jax.lax.broadcast": ((1, "sizes"),),
    "jax.lax.broadcast_in_dim": ((1, "shape"),),
    "jax.lax.reshape": ((1, "new_sizes"),),
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
    # The transform length of `jax.numpy.fft` (measured on jax 0.10.2 under `jax.jit`: a traced
    # `n` or `s` raises TracerIntegerConversionError, a traced `axis` TypeError, a traced
    # `fftfreq(n)` ConcretizationTypeError and `rfftfreq(n)` TracerBoolConversionError).
    **{
        f"jax.numpy.fft.{name}": ((1, "n"), (2, "axis"))
        for name in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft")
    },
    **{
        f"jax.numpy.fft.{name}": ((1, "s"),)
        for name in ("fft2", "ifft2", "rfft2", "irfft2", "fftn", "ifftn", "rfftn", "irfftn")
    },
    "jax.numpy.fft.fftfreq": ((0, "n"),),
    "jax.numpy.fft.rfftfreq": ((0, "n"),),
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

# `iinfo(dtype)` and `finfo(dtype)` of jax.numpy and NumPy: what their attributes hold (measured
# on jax 0.10.2: `iinfo(int32).max`, `.min`, `.bits` and `finfo(float32).bits` are Python ints,
# weakly typed where they reach JAX, so `jnp.where(c, int32_array, iinfo(int32).max)` is a strong
# int32; `finfo(float32).max`, `.min`, `.eps`, `.tiny`, `.resolution`, `.smallest_normal` are
# NumPy scalars of the dtype asked for, strongly typed).
NUMBER_LIMITS = frozenset({"jax.numpy.iinfo", "jax.numpy.finfo", "numpy.iinfo", "numpy.finfo"})
PYTHON_INT_LIMITS = frozenset({"max", "min", "bits"})
FLOAT_LIMITS = frozenset({"max", "min", "eps", "epsneg", "tiny", "resolution", "smallest_normal", "smallest_subnormal"})

# Module constants that are Python floats (measured on jax 0.10.2: `jnp.inf`, `jnp.nan`,
# `jnp.pi`, `jnp.e`, `jnp.euler_gamma`, NumPy's and `math`'s are `float`; `jnp.array(jnp.inf)` is
# a weakly typed float32, like `jnp.array(1.0)`).
PYTHON_FLOAT_CONSTANTS = frozenset(
    f"{module}.{name}"
    for module in ("jax.numpy", "numpy", "math")
    for name in ("inf", "nan", "pi", "e", "euler_gamma", "tau")
)

# Of those, the ones that read a shape: an array's is its own, but a Python list or tuple is
# converted to a NumPy array first, so one holding a tracer raises (measured on jax 0.10.2 under
# `jax.jit`: `jnp.ndim([x, x])`, `jnp.shape((x, x))`, `jnp.size([x, x])`, `np.ndim([x, x])` and
# `np.shape([x, x])` raise TracerArrayConversionError; `jnp.ndim(x)` and `jnp.ndim([1.0, 2.0])` run).
SHAPE_QUERIES = frozenset(
    f"{module}.{name}" for module in ("jax.numpy", "numpy") for name in ("shape", "ndim", "size")
)

# The list of a pytree's leaves.
TREE_LEAVES = frozenset({"jax.tree_util.tree_leaves", "jax.tree.leaves"})

# Collectives that return a Python value when their operand is one (the axis name is always
# static): `lax.psum(1, axis)` is the
# standard spelling of the axis size (measured on jax 0.10.2 under vmap: an int, not a tracer).
CONCRETE_FOR_CONCRETE_OPERANDS = frozenset({"jax.lax.psum"})

# Attributes of an array that are static Python values even when the array is traced.
STATIC_ARRAY_ATTRIBUTES = frozenset(
    {"shape", "ndim", "dtype", "size", "weak_type", "sharding", "aval", "itemsize", "nbytes"}
)

# Attributes and methods that exist only on arrays: reaching for them proves the value is one.
ARRAY_ATTRIBUTES = frozenset({"T", "mT", "real", "imag"})
# `x.at[i]` is an index-update helper, not an array: its methods (`set`, `add`, `min`, `get`, ...)
# take values and return the updated array.
INDEX_UPDATE_ATTRIBUTE = "at"
# The object `x.at` returns (`x.at[i]` indexes it; `.set(v)`, `.get()` give an array back).
INDEX_HELPER = "jax.Array.at"
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

# Elementwise `jax.numpy` functions whose result is weakly typed exactly when every array operand
# is, with the promoted dtype (measured on jax 0.10.2 on a weak and a strong float32: `exp`,
# `minimum`, `where`, `clip` and its bounds, `logaddexp`, `expm1`, `floor`, ...); `where` promotes
# its two value operands, not its condition. Not `log2`, `log10` or `rint`: strongly typed even
# of a weak operand (measured).
ELEMENTWISE_FUNCTIONS = frozenset(
    f"jax.numpy.{name}" for name in (
        "exp", "expm1", "exp2", "log", "log1p", "sqrt", "cbrt", "tanh", "sinh", "cosh", "sin", "cos",
        "tan", "arcsin", "arccos", "arctan", "arctanh", "abs", "absolute", "fabs", "negative",
        "positive", "square", "reciprocal", "sign", "floor", "ceil", "round", "trunc",
        "minimum", "maximum", "fmin", "fmax", "add", "subtract", "multiply", "divide", "true_divide",
        "floor_divide", "mod", "remainder", "power", "logaddexp", "logaddexp2", "arctan2", "hypot",
        "clip", "where",
    )
)
# Of those, the ones whose result is inexact: a weak int operand gives a weak float32 (measured:
# `exp(jnp.asarray(2))`), where `abs`, `square` or `floor` keep it an int.
INEXACT_ELEMENTWISE_FUNCTIONS = frozenset(
    f"jax.numpy.{name}" for name in (
        "exp", "expm1", "exp2", "log", "log1p", "sqrt", "cbrt", "tanh", "sinh", "cosh", "sin", "cos",
        "tan", "arcsin", "arccos", "arctan", "arctanh", "fabs", "reciprocal", "divide", "true_divide",
        "logaddexp", "logaddexp2", "arctan2", "hypot",
    )
)
# Samplers of `jax.random`: the dtype each draws when no `dtype` is given, and the position of
# its `dtype` parameter (None: it has none). Measured on jax 0.10.2 (x64 off): never weakly
# typed, whatever the bounds (`uniform(k, (), minval=0.0, maxval=weak)` is a strong float32).
SAMPLER_DTYPES: dict[str, tuple[str, int | None]] = {
    **{
        f"jax.random.{name}": ("float32", 2)
        for name in ("normal", "uniform", "gumbel", "exponential", "laplace", "logistic", "cauchy")
    },
    "jax.random.truncated_normal": ("float32", 4),
    "jax.random.randint": ("int32", 4),
    "jax.random.bernoulli": ("bool", None),
}
# Reductions, whose result is strongly typed even of a weak operand or a Python number, with the
# dtype they give: "accumulate" widens a bool or an integer narrower than 32 bits to int32 (uint32
# if unsigned), "cumulate" a bool to int32, "same" keeps the operand's, "inexact" gives float32
# of an int or bool, else the dtype named (measured on jax 0.10.2 of `jnp.array(1.0)` and
# `jnp.array(2)`, both weak: `sum`, `max`, `prod`, `cumsum`, `nansum`, `amax` give a strong
# float32 and int32; `mean`, `var`, `std`, `median`, `average` a strong float32 of both; `argmax`
# int32; `any`, `all` bool; of int8, uint8 and bool arrays `sum` gives int32, uint32, int32,
# `cumsum` int8, uint8, int32, `max` keeps the dtype, `mean` float32; float16 stays float16).
STRONG_REDUCTIONS = {
    **{f"jax.numpy.{name}": "accumulate" for name in ("sum", "prod", "nansum", "nanprod")},
    **{f"jax.numpy.{name}": "cumulate" for name in ("cumsum", "cumprod")},
    **{f"jax.numpy.{name}": "same" for name in ("max", "min", "amax", "amin", "nanmax", "nanmin")},
    **{
        f"jax.numpy.{name}": "inexact"
        for name in ("mean", "var", "std", "median", "average", "nanmean", "nanvar", "nanstd")
    },
    "jax.numpy.argmax": "int32", "jax.numpy.argmin": "int32", "jax.numpy.any": "bool", "jax.numpy.all": "bool",
    # A vector or matrix norm is real and strongly typed of any operand (measured on jax 0.10.2:
    # `norm(jnp.asarray(1.0))` and `norm(jnp.asarray(2))` are strong float32).
    "jax.numpy.linalg.norm": "real",
}
# Constructors shaped like their first operand: without `dtype=` the result has the operand's
# dtype and weak type (measured on jax 0.10.2: `ones_like(jnp.asarray(1.0))` and `ones_like(1.0)`
# are weak, `ones_like(jnp.float32(1.0))` strong; with `dtype=` strong), the position of `dtype`.
LIKE_CONSTRUCTORS: dict[str, int] = {
    **{f"jax.numpy.{name}": 1 for name in ("ones_like", "zeros_like", "empty_like")},
    "jax.numpy.full_like": 2,
}

# Calls that build an unhashable value.
UNHASHABLE_CONSTRUCTORS = ARRAY_SCALAR_CONSTRUCTORS | frozenset(
    {
        "list", "dict", "set", "bytearray",
        "numpy.array", "numpy.asarray", "numpy.zeros", "numpy.ones", "numpy.arange",
        "numpy.empty", "numpy.full", "numpy.linspace",
        "jax.numpy.array", "jax.numpy.asarray", "jax.numpy.zeros", "jax.numpy.ones",
        "jax.numpy.arange", "jax.numpy.empty", "jax.numpy.full", "jax.numpy.linspace",
        "argparse.Namespace", "types.SimpleNamespace", "sorted", "vars",
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
# Optax functions that build a gradient transformation: a NamedTuple of functions (`init`,
# `update`), whose leaves jit cannot trace. Measured on jax 0.10.2 with optax 0.2.8
# (bench/measure_static_through_objects.py): `optax.adam(0.1)` or `optax.chain(...)` at a traced
# position of a jitted function raises `TypeError`; at a static position it runs.
OPTAX_TRANSFORMATIONS = frozenset(f"optax.{name}" for name in (
    "adabelief", "adadelta", "adafactor", "adagrad", "adam", "adamax", "adamaxw", "adamw", "adan",
    "amsgrad", "fromage", "lamb", "lars", "lion", "nadam", "nadamw", "noisy_sgd", "novograd",
    "optimistic_gradient_descent", "polyak_sgd", "radam", "rmsprop", "rprop", "sgd", "sm3", "yogi",
    "chain", "clip", "clip_by_global_norm", "clip_by_block_rms", "scale", "scale_by_adam",
    "scale_by_schedule", "scale_by_learning_rate", "add_decayed_weights", "identity", "set_to_zero",
    "masked", "multi_transform", "apply_if_finite", "zero_nans", "trace", "ema", "scale_by_rms",
    "scale_by_stddev", "scale_by_belief", "keep_params_nonnegative",
))
# Optax schedules: plain Python functions of the step, which jit cannot trace either (measured on
# jax 0.10.2 with optax 0.2.8, bench/measure_optax_schedules_under_jit.py: each raises
# `TypeError` at a traced position).
OPTAX_SCHEDULES = frozenset(f"optax.{name}" for name in (
    "constant_schedule", "linear_schedule", "exponential_decay", "cosine_decay_schedule",
    "warmup_cosine_decay_schedule", "warmup_exponential_decay_schedule", "piecewise_constant_schedule",
    "polynomial_schedule", "join_schedules", "cosine_onecycle_schedule", "piecewise_interpolate_schedule",
    "sgdr_schedule", "warmup_constant_schedule",
))

# Equinox layers whose pytree keeps what a constructor parameter receives as a leaf that is no
# static field: a function (`MLP`'s activations, `Lambda`'s `fn`), a `str` (`BatchNorm`'s
# `axis_name`), the layers themselves (`Sequential`). A plain `jax.jit` given such a layer at a
# traced position raises `TypeError` when that leaf is a function or a `str` (`eqx.filter_jit`
# keeps them static). Measured on jax 0.10.2 with equinox 0.13.8
# (bench/measure_equinox_layers_under_jit.py): `MLP(2, 1, 4, 3, key=k)` (its activations default
# to functions), `Lambda(jax.nn.relu)`, `BatchNorm(4, "batch")` and
# `Sequential([Linear, Lambda, Linear])` raise; `Linear`, `Conv2d`, `LayerNorm`, `Dropout`,
# `GRUCell`, `LSTMCell`, `Embedding`, `MultiheadAttention`, `Identity` and
# `Sequential([Linear, Linear])` are traced. The pooling layers keep their reduction (`lax.max`,
# `lax.add`) and `WeightNorm` a `functools.partial` whatever they are given: each raises (so does
# `Pool(0.0, jax.lax.add, 2, 2)`; `RMSNorm`, `GroupNorm`, `PReLU`, `ConvTranspose2d`,
# `SpectralNorm` and `StateIndex` are traced). Layer -> (parameter, position (None: no parameter
# sets it), what the leaf holds when the call does not pass it: a library object, or None when
# the parameter is required).
EQUINOX_LAYER_LEAVES: dict[str, tuple[tuple[str, int | None, str | None], ...]] = {
    "equinox.nn.MLP": (("activation", 4, "jax.nn.relu"), ("final_activation", 5, "equinox.nn._mlp._identity")),
    "equinox.nn.Lambda": (("fn", 0, None),),
    "equinox.nn.BatchNorm": (("axis_name", 1, None),),
    "equinox.nn.Sequential": (("layers", 0, None),),
    "equinox.nn.Pool": (("operation", 1, None),),
    "equinox.nn.WeightNorm": (("_norm", None, "equinox.nn._weight_norm.WeightNorm._norm"),),
    **{
        f"equinox.nn.{kind}Pool{dims}d": (("operation", None, f"jax.lax.{'max' if 'Max' in kind else 'add'}"),)
        for kind in ("Max", "Avg", "AdaptiveMax", "AdaptiveAvg") for dims in (1, 2, 3)
    },
}

# Library objects jit cannot trace: at a traced position of `jax.jit`, every function, class and
# module of these modules raises `TypeError` (measured on jax 0.10.2,
# bench/measure_library_values_at_traced_positions.py: `jax.nn.relu`, `jnp.tanh`, `np.sum`,
# `math.sqrt`, `jnp.float32`, `np.float32`, `jnp` itself, `jax.random.normal`; and equinox's
# identity function, the default `final_activation` of `eqx.nn.MLP`,
# bench/measure_equinox_layers_under_jit.py). Their float constants are Python floats
# (PYTHON_FLOAT_CONSTANTS) and `newaxis` is None: both traced.
_UNTRACEABLE_LIBRARY_MODULES = (*ARRAY_MODULES, "numpy", "math", "equinox")
_TRACEABLE_LIBRARY_VALUES = frozenset({"newaxis", "little_endian", "True_", "False_"})
# Python's builtin functions and classes (`sum`, `print`, `int`, `dict`): no arrays either
# (measured on jax 0.10.2, bench/measure_builtins_and_bound_methods.py: each raises `TypeError`
# at a traced position, alone or in a tuple). Its constants (`Ellipsis`, `NotImplemented`) are not callables.
_UNTRACEABLE_BUILTINS = frozenset(name for name in dir(builtins) if not name.startswith("_") and callable(getattr(builtins, name)))


def is_untraceable_library_value(name: str) -> bool:
    """Whether the library object ``name`` (`jax.nn.relu`, `numpy.float32`, the builtin `sum`) is
    one jit cannot trace as an argument."""
    return name in _UNTRACEABLE_BUILTINS or (
        any(name == module or name.startswith(module + ".") for module in _UNTRACEABLE_LIBRARY_MODULES)
        and name not in PYTHON_FLOAT_CONSTANTS and name.rsplit(".", 1)[-1] not in _TRACEABLE_LIBRARY_VALUES
    )


# Array namespaces code picks between (`xp = jnp if isinstance(x, jax.Array) else np`, then
# `if xp is jnp:`): distinct modules, so `jax.numpy is numpy` is False.
ARRAY_NAMESPACES = frozenset({"numpy", "jax.numpy"})


def is_array_function(name: str) -> bool:
    """Whether ``name`` is a function of a JAX array module (traced arguments give traced results)."""
    return any(name == module or name.startswith(module + ".") for module in ARRAY_MODULES)


# --- tracing rules ---
# Keyword arguments that lift the concreteness requirement of a shape argument: with
# `total_repeat_length`, `jnp.repeat` and the array method `x.repeat` accept traced `repeats`
# (measured on jax 0.10.2, bench/concrete_under_vmap.py). Keyed by function, then by method.
SHAPE_ARGUMENT_WAIVERS: dict[str, tuple[str, str]] = {
    "jax.numpy.repeat": ("repeats", "total_repeat_length"),
}
SHAPE_METHOD_ARGUMENT_WAIVERS: dict[str, tuple[str, str]] = {
    "repeat": ("repeats", "total_repeat_length"),
}

# Functions whose result's length depends on the values of an argument: under a transformation
# they raise unless `size=` fixes that length (measured on jax 0.10.2: `ConcretizationTypeError`,
# `TracerBoolConversionError` for `compress`/`extract`). Name -> (position, keyword) of each
# argument whose values decide the length.
DATA_DEPENDENT_SIZE: dict[str, tuple[tuple[int, str], ...]] = {
    "jax.numpy.nonzero": ((0, "a"),),
    "jax.numpy.flatnonzero": ((0, "a"),),
    "jax.numpy.argwhere": ((0, "a"),),
    "jax.numpy.unique": ((0, "ar"),),
    "jax.numpy.unique_values": ((0, "x"),),
    "jax.numpy.unique_counts": ((0, "x"),),
    "jax.numpy.unique_inverse": ((0, "x"),),
    "jax.numpy.unique_all": ((0, "x"),),
    "jax.numpy.compress": ((0, "condition"),),
    "jax.numpy.extract": ((0, "condition"),),
    "jax.numpy.union1d": ((0, "ar1"), (1, "ar2")),
    "jax.numpy.intersect1d": ((0, "ar1"), (1, "ar2")),
    "jax.numpy.setdiff1d": ((0, "ar1"), (1, "ar2")),
    "jax.numpy.setxor1d": ((0, "ar1"), (1, "ar2")),
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


# --- NumPy on tracers ---
# Measured on jax 0.10.2 with NumPy 2.4 (bench/measure_numpy_on_tracers.py, which calls every
# public function of `numpy`, `numpy.linalg` and `numpy.fft` on a traced array): every function
# given a traced array converts it with `__array__` and raises `TracerArrayConversionError`
# (`np.clip`, `np.append`, `np.exp`, `np.diff`, `np.add(arr, x)`, `np.float32(x)`, `np.array([x])`,
# every `np.linalg` and `np.fft` function), except these, which call the array's own method and
# return a tracer ...
NUMPY_DISPATCHING = frozenset(
    {
        "all", "amax", "amin", "any", "argmax", "argmin", "argsort", "around", "array_split",
        "cumprod", "cumsum", "flip", "hsplit", "imag", "isreal", "max", "mean", "min", "moveaxis",
        "permute_dims", "prod", "real", "repeat", "reshape", "rollaxis", "round", "split",
        "squeeze", "std", "sum", "swapaxes", "transpose", "unstack", "var", "vsplit",
    }
)
# The submodules whose functions convert a traced argument alike (measured on jax 0.10.2 with
# NumPy 2.4, under `jax.jit` and under `jax.grad` alone: every `np.linalg` and `np.fft` function
# in the measurement above, and `np.emath.sqrt`, `np.ma.masked_invalid`,
# `np.lib.stride_tricks.sliding_window_view` raise `TracerArrayConversionError`); functions of the
# other submodules (`np.random`, ...) are not judged on tracers.
NUMPY_CONVERTING_SUBMODULES = frozenset({"linalg", "fft", "emath", "ma", "lib"})
# ... and these, which return Python metadata (a shape, a dtype, a bool) or host indices.
NUMPY_STATIC_RESULTS = frozenset(
    f"numpy.{name}"
    for name in (
        "shape", "ndim", "size", "result_type", "promote_types", "can_cast", "iscomplexobj",
        "isrealobj", "isscalar", "issubdtype", "iterable", "common_type", "array_equal",
        "array_equiv", "dtype", "finfo", "iinfo", "tril_indices_from", "triu_indices_from",
    )
)
# `jax.tree.map` and its spellings: they call their function on each leaf of the trees given.
TREE_MAPS = frozenset({"jax.tree_util.tree_map", "jax.tree.map", "jax.tree_map"})
# Functions that call the function they are given before they return (a tree map or reduction,
# `functools.reduce`): a jitted callable handed to one is called, and compiled,
# there (measured on jax 0.10.2: `jax.tree_util.tree_reduce(jax.jit(add), tree)` in a helper
# called 3 times compiles `add` 3 times).
CALLS_ITS_FUNCTION = TREE_MAPS | frozenset({
    "jax.tree_util.tree_map_with_path", "jax.tree.map_with_path", "jax.tree_util.tree_reduce",
    "jax.tree.reduce", "functools.reduce",
})

# NumPy's scalar types: called on a Python number, each builds a NumPy scalar, which hashes by
# value (measured on jax 0.10.2: `np.float32(0.5)` works as a static argument).
NUMPY_SCALAR_TYPES = frozenset(
    {
        "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
        "float16", "float32", "float64", "complex64", "complex128", "intc", "intp", "double",
        "single", "longlong", "ulonglong", "half",
    }
)
