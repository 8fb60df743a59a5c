"""Host effects: I/O, logging, host randomness and clocks, mutation, concretizing calls; and
the test runners that call a parameterized test once per case."""

from __future__ import annotations

PRINT_FUNCTIONS = frozenset({"print"})
# Functions of `jax.numpy` that are NumPy's own (measured on jax 0.10.2: `jnp.save is np.save`
# and `jnp.savez is np.savez`): they convert a traced array to NumPy as NumPy does.
NUMPY_REEXPORTS = {"jax.numpy.save": "numpy.save", "jax.numpy.savez": "numpy.savez"}
# NumPy functions that write arrays to a file or stream: at trace time only, once per
# compilation, and a traced array raises TracerArrayConversionError (measured on jax 0.10.2:
# `np.save` of a tracer raises under jit, vmap and grad; of a NumPy array in a jitted
# function, it writes on the first of two calls only).
NUMPY_FILE_WRITERS = frozenset({"numpy.save", "numpy.savez", "numpy.savez_compressed", "numpy.savetxt"})
# Serializers that write to a file object: at trace time only (measured on jax 0.10.2: a jitted
# function `pickle.dump`ing or `json.dump`ing a dict of Python values wrote once over three
# calls; of a tracer, `pickle.dump` raises ConcretizationTypeError and `json.dump` TypeError).
SERIALIZING_WRITERS = frozenset({"pickle.dump", "json.dump"})
HOST_IO_FUNCTIONS = frozenset(
    {
        "input", "breakpoint", "open",
        "pdb.set_trace", "sys.stdout.write", "sys.stderr.write",
        "logging.debug", "logging.info", "logging.warning", "logging.error",
        "logging.critical", "logging.exception", "logging.log",
    }
) | NUMPY_FILE_WRITERS | SERIALIZING_WRITERS | frozenset(
    name for name, own in NUMPY_REEXPORTS.items() if own in NUMPY_FILE_WRITERS
)
LOGGER_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "critical", "exception", "log"})
# Calls that show a message (print, write to a standard stream, log) and their keywords that
# say how, not what.
MESSAGE_FUNCTIONS = frozenset(
    {"print", "sys.stdout.write", "sys.stderr.write"} | {f"logging.{method}" for method in LOGGER_METHODS}
    | {f"absl.logging.{method}" for method in LOGGER_METHODS}
)
MESSAGE_FORM_KEYWORDS = frozenset({"sep", "end", "file", "flush", "exc_info", "stack_info", "stacklevel", "extra"})
# Library calls that build an object whose methods act on the host, and the class of what they
# build: a logger logs, a file or stream writes, a progress bar draws, a CSV writer writes rows.
LOGGER_CLASSES = frozenset({"logging.Logger", "absl.logging.ABSLLogger"})
HOST_OBJECT_CLASSES = {
    "logging.getLogger": "logging.Logger", "logging.Logger": "logging.Logger",
    "logging.LoggerAdapter": "logging.Logger",
    "absl.logging.get_absl_logger": "absl.logging.ABSLLogger",
    "open": "io.TextIOWrapper", "io.open": "io.TextIOWrapper", "io.StringIO": "io.StringIO",
    "io.BytesIO": "io.BytesIO", "csv.writer": "csv.writer", "csv.DictWriter": "csv.DictWriter",
    **{factory: "tqdm.tqdm" for factory in (
        "tqdm.tqdm", "tqdm.auto.tqdm", "tqdm.notebook.tqdm", "tqdm.trange", "tqdm.auto.trange", "tqdm.std.tqdm",
    )},
    "rich.progress.Progress": "rich.progress.Progress",
}
# Methods of a logger that return a logger.
LOGGER_RETURNING_METHODS = frozenset({"getChild"})
_HOST_OBJECTS = frozenset(HOST_OBJECT_CLASSES.values())


def acts_on_host(class_name: str, method: str) -> bool:
    """Whether calling ``method`` of an object of ``class_name`` (a class of
    :data:`HOST_OBJECT_CLASSES`) logs or does I/O: a logger's logging methods, any method of a
    file, stream, CSV writer or progress bar."""
    if class_name in LOGGER_CLASSES:
        return method in LOGGER_METHODS
    return class_name in _HOST_OBJECTS


# Host random generators: each draw at trace time is frozen into the compiled code.
HOST_RNG_FACTORIES = frozenset(
    {
        "numpy.random.default_rng", "numpy.random.RandomState", "numpy.random.Generator",
        "random.Random", "random.SystemRandom",
    }
)

# What each of those builds, and the methods of one that draw nothing (state, seeding).
HOST_RNG_CLASSES = {
    "numpy.random.default_rng": "numpy.random.Generator", "numpy.random.Generator": "numpy.random.Generator",
    "numpy.random.RandomState": "numpy.random.RandomState", "random.Random": "random.Random",
    "random.SystemRandom": "random.SystemRandom",
}
_HOST_RNGS = frozenset(HOST_RNG_CLASSES.values())
# Factories that seed from the OS whatever they are given (measured on Python 3.11:
# `random.SystemRandom(0).random()` differs between two generators; `default_rng(0)` does not).
ENTROPY_RNG_FACTORIES = frozenset({"random.SystemRandom"})
# NumPy samplers (methods of a `Generator` or `RandomState`, functions of `numpy.random`) and
# the position of their `size` parameter, which is the shape of what they draw.
HOST_SAMPLER_SIZES = {
    "uniform": 2, "normal": 2, "integers": 2, "randint": 2, "exponential": 1,
    "random": 0, "standard_normal": 0, "random_sample": 0,
}
_NON_DRAWING_RNG_METHODS = frozenset(
    {"seed", "getstate", "setstate", "get_state", "set_state", "spawn", "bit_generator", "__getstate__", "__setstate__"}
)


def draws_host_randomness(class_name: str, method: str) -> bool:
    """Whether calling ``method`` of an object of ``class_name`` draws from a host generator."""
    return class_name in _HOST_RNGS and method not in _NON_DRAWING_RNG_METHODS


# Host randomness and clocks: their value at trace time becomes a compiled-in constant.
HOST_NONDETERMINISM_MODULES = ("random", "numpy.random", "secrets")
# Calls of those modules that draw nothing: seeded generators' constructors and state accessors.
HOST_DETERMINISTIC = HOST_RNG_FACTORIES | frozenset(
    {
        "random.seed", "random.getstate", "random.setstate", "numpy.random.SeedSequence",
        "numpy.random.PCG64", "numpy.random.Philox", "numpy.random.MT19937", "numpy.random.SFC64",
        "numpy.random.BitGenerator", "numpy.random.seed", "numpy.random.get_state", "numpy.random.set_state",
        "os.getpid",
    }
)
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
CONCRETIZING_CONVERSIONS = frozenset(
    {"int", "float", "bool", "complex", "operator.index", "hex", "oct", "bin", "chr"}
)
# Standard-library functions that need Python numbers in every argument (measured on jax
# 0.10.2: a tracer in any argument raises TypeError or TracerIntegerConversionError).
HOST_NUMBER_FUNCTIONS = frozenset(
    {
        "datetime.timedelta", "datetime.datetime.fromtimestamp", "datetime.datetime.utcfromtimestamp",
        "datetime.date.fromtimestamp", "time.sleep",
    }
)
# Constructors and seeding functions of host random generators: the seed must be a Python
# value (measured on jax 0.10.2 under jit, vmap and grad alike: a tracer as the seed of
# `default_rng`, `SeedSequence` and the bit generators raises TypeError, of `RandomState` and
# `np.random.seed` TracerArrayConversionError, of `random.Random` and `random.seed` TypeError).
HOST_RNG_SEEDING = frozenset(
    {
        "numpy.random.default_rng", "numpy.random.RandomState", "numpy.random.seed",
        "numpy.random.SeedSequence", "numpy.random.PCG64", "numpy.random.PCG64DXSM", "numpy.random.Philox",
        "numpy.random.MT19937", "numpy.random.SFC64", "random.Random", "random.seed",
    }
)
CONCRETIZING_METHODS = frozenset({"item", "tolist", "__index__", "__int__", "__float__", "__bool__"})
# Under `jax.grad`, `jax.jvp` and their kin alone (no jit, vmap or lax body around), a value
# computed from a differentiated argument is a JVP tracer: its primal is concrete, so truth,
# `int()`, `operator.index()`, `.item()`, `range()`, shapes, slices and indexing work, but these
# need the value itself and raise (measured on jax 0.10.2 under grad, jacfwd, jacrev, hessian,
# jvp, vjp and linearize: ConcretizationTypeError, TypeError for a format spec; NumPy raises
# TracerArrayConversionError).
DIFFERENTIATED_CONCRETIZING_CONVERSIONS = frozenset({"float", "complex"})
DIFFERENTIATED_CONCRETIZING_METHODS = frozenset({"tolist", "__float__"})
NUMPY_CONVERSIONS = frozenset(
    {"numpy.asarray", "numpy.array", "numpy.asanyarray", "numpy.ascontiguousarray", "numpy.copy"}
)
COMPARING_BUILTINS = frozenset({"min", "max", "sorted"})
# Builtins that take the truth of each item of their one argument, until one decides.
TRUTH_BUILTINS = frozenset({"all", "any"})
MATH_MODULE = "math"

# The flag that turns jit off (`jax.config.jax_disable_jit`): inside a jit trace it reads False,
# since under `jax.disable_jit()` jit runs its function eagerly instead (measured on jax 0.10.2,
# bench/disable_jit_guard.py; `jax.config.read("jax_disable_jit")` raises AttributeError there).
# A check written `if jax.config.jax_disable_jit: assert ...` runs only when nothing is traced.
DISABLE_JIT_FLAG = "jax_disable_jit"

# Decorators that make a test runner call the test once per case: how each passes its cases
# (`jaxcheck.analysis.parameterizations`).
TEST_PARAMETERIZATIONS = {
    "absl.testing.parameterized.parameters": "cases",
    "absl.testing.parameterized.named_parameters": "named",
    "pytest.mark.parametrize": "pytest",
}


def is_host_nondeterminism(name: str | None) -> bool:
    """Whether calling ``name`` (a resolved name) reads host randomness or a clock."""
    if name is None or name in HOST_DETERMINISTIC:
        return False
    if name in HOST_NONDETERMINISM_FUNCTIONS:
        return True
    return any(name.startswith(module + ".") for module in HOST_NONDETERMINISM_MODULES)


# Decorators that hand the first result out again on later calls (with the same arguments).
RESULT_CACHING_DECORATORS = frozenset(
    {"functools.cache", "functools.lru_cache", "functools.cached_property"}
)

# Library objects that run a function with the arguments they are given, later or elsewhere
# (a thread, a process): what that function does to its arguments (draws from a key) happens
# as if called here. Name -> (keyword of the function, keyword of its positional arguments).
FUNCTION_RUNNERS = {
    "threading.Thread": ("target", "args"),
    "multiprocessing.Process": ("target", "args"),
    "multiprocessing.context.Process": ("target", "args"),
}

# Calls that copy their first argument into a new object of its class: equal to it only where
# that class compares by value (a plain class, or `@dataclass(eq=False)`, compares identity).
OBJECT_COPIES = frozenset({"copy.copy", "copy.deepcopy", "dataclasses.replace"})
