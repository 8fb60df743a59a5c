"""PRNG keys: what creates, consumes, splits and holds them."""

from __future__ import annotations

from .transforms import CARRY_TRANSFORMS, LOOP_BODY_TRANSFORMS, TRACING_TRANSFORMS

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
# What one sampler call adds to a traced program, sub-jaxprs counted in (measured on jax 0.10.2,
# `bench/bench_unroll_weight.py`'s `equations` of `jax.make_jaxpr`): `normal` and `uniform` 14,
# `bernoulli` 15, `categorical` 20 (`split` alone 3: a single primitive).
SAMPLER_EQUATIONS = 14
# The primitives that consume their key (operand 0) in a traced program: those jax's key-reuse
# checker signs `Sink(0)` (`key_reuse._core.key_reuse_signatures` on jax 0.10.2). `random.gamma`
# and the samplers built on it (beta, dirichlet, chisquare, t, ...) bind `random_gamma`, not
# `random_bits`.
KEY_CONSUMING_PRIMITIVES = frozenset({"random_bits", "random_split", "random_gamma"})
PRNG_SPLIT = "jax.random.split"
PRNG_PERMUTATION = "jax.random.permutation"
PRNG_FOLD_IN = "jax.random.fold_in"
# Calls that make a key from a seed: with a constant seed, the same key on every run and call.
PRNG_KEY_CONSTRUCTORS = frozenset({"jax.random.PRNGKey", "jax.random.key"})
# Every call of `jax.random` that returns keys (the samplers return numbers).
PRNG_KEY_MAKERS = PRNG_KEY_CONSTRUCTORS | {PRNG_SPLIT, PRNG_FOLD_IN, "jax.random.clone", "jax.random.wrap_key_data"}
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
REPEATING_TRANSFORMS = LOOP_BODY_TRANSFORMS | frozenset(t.name for t in TRACING_TRANSFORMS.values() if t.repeats_body)
# Calls whose value differs between the elements or devices of one mapped trace (by the last
# name): a seed computed with them is no seed every element shares.
PER_ELEMENT_INDEX = frozenset({"axis_index"})
# Objects that hold a key and draw from it (every argument is a key): two of them built from one
# key produce the same streams.
PRNG_KEY_HOLDERS = frozenset({"flax.nnx.Rngs"})
# The last part of each of those names: a call whose callee ends otherwise needs no resolving.
PRNG_CONSUMER_SHORT_NAMES = frozenset(
    name.rsplit(".", 1)[1] for name in (*PRNG_SAMPLERS, PRNG_SPLIT, *PRNG_KEY_HOLDERS)
)
# Initializers: a factory of these modules (`he_uniform()`, `normal(0.02)`) makes a function
# `init(key, shape, dtype)` that draws from its key; all but these (measured on jax 0.10.2 with
# `jax_debug_key_reuse`: `zeros`, `ones` and `constant(...)` leave the key unused).
INITIALIZER_MODULES = frozenset({"jax.nn.initializers", "flax.linen.initializers", "flax.nnx.initializers"})
INITIALIZERS_WITHOUT_DRAWS = frozenset({"constant", "ones", "zeros", "ones_init", "zeros_init"})

# Library modules whose call draws from a key it is given, by that parameter's (position, name;
# None: keyword-only): flax linen's `Dropout.__call__(inputs, deterministic, rng)` draws its mask
# from `rng`, equinox's `Dropout.__call__(x, *, key)` from `key` (measured with equinox 0.13.8 on
# jax 0.10.2: one key twice gives the same mask, and `KeyReuseError` under `jax_debug_key_reuse`).
KEYED_MODULE_CALLS: dict[str, tuple[int | None, str]] = {"flax.linen.Dropout": (2, "rng"), "equinox.nn.Dropout": (None, "key")}
# Library modules whose classes draw their initial parameters from the `key=` their constructor
# is given: one key for two layers gives them the same weights. Measured with equinox 0.13.8 on
# jax 0.10.2 (bench/measure_equinox_constructor_keys.py): every `equinox.nn` class whose
# constructor takes `key` (Linear, MLP, Conv*, ConvTranspose*, Embedding, GRUCell, LSTMCell,
# MultiheadAttention; SpectralNorm not built) builds equal leaves from one key twice and other
# leaves from another key.
KEY_DRAWING_CONSTRUCTOR_MODULES = frozenset({"equinox.nn"})

# Callables the analysis cannot see into (a parameter, a field of `self`, a value unpacked from a
# call) that are handed a key draw from it: an initializer held in an attribute
# (`self._kernel_initializer(shape, rng)`), a distribution's `sample(key)`, an `init`/`apply`
# pair a transform returns. Not those whose last name says they hand keys on or keep values
# rather than draw: its words (snake_case or camelCase) include one of these (`split_key`,
# `next_rng`, `make_rng`, `key_data`, `set_seed`, `fold`, `buffer.add(key)`, `logger.info(key)`,
# `jitted.lower(key, x)`, which lowers the program without running it).
KEY_FORWARDING_WORDS = frozenset({
    "key", "keys", "rng", "rngs", "prng", "prngkey", "rngkey", "seed", "seeds", "split", "fold", "data",
    "append", "extend", "insert", "add", "put", "push", "update", "setdefault", "set", "replace",
    "get", "pop", "copy", "store", "save", "dump", "record", "log", "info", "debug", "warning", "error",
    "write", "print", "format", "emit", "send", "assert", "check", "lower", "compile", "trace",
})
# A key, or what a call given one returns, whose name says it does not matter (`dummy_key`,
# `dummy_params = net.init(key, x)`): values that serve only their shapes.
DUMMY_KEY_WORDS = frozenset({"dummy", "fake", "placeholder"})
# A stream of keys handed to every submodule (`flax.nnx.Rngs` by its usual name): not one key.
KEY_STREAM_NAMES = frozenset({"rngs"})

# Samplers that select or order the rows of the array they are given: one key given to each
# leaf of a pytree picks the same rows of every leaf of one length, which keeps the leaves aligned
# (a genotype's parts, images and labels); measured on jax 0.10.2 with `tree_map` over a (5,) and
# a (5, 3) leaf: `choice` (with or without `p=`) and `permutation` move their rows alike.
PRNG_CHOICE = "jax.random.choice"
ROW_SELECTING_SAMPLERS = frozenset({PRNG_CHOICE, PRNG_PERMUTATION})

# Context managers whose body a test expects to raise (`with pytest.raises(E):`, unittest's and
# absltest's `with self.assertRaises(E):`): the call that raises returns nothing, so a key it is
# given yields no draw anyone sees, and where it raises before drawing (argument checks first, as
# flowjax's `train_val_split`; measured on jax 0.10.2: 0 `permutation` calls before the
# ValueError) it draws nothing at all.
EXPECTED_RAISE_CONTEXTS = frozenset({"pytest.raises"})
EXPECTED_RAISE_METHODS = frozenset({"assertRaises", "assertRaisesRegex"})

# Library calls that build a copy of an object with some fields replaced: `dataclasses.replace`
# by keyword (`replace(state, key=new_key)`), equinox's `tree_at` by the fields its first argument
# reads (`tree_at(lambda m: m.key, model, new_key)`). A key field replaced so is advanced.
FIELD_REPLACING_CALLS = frozenset({"dataclasses.replace"})
FIELD_SELECTING_REPLACERS = frozenset({"equinox.tree_at"})
# Methods of pytrees that copy them with the fields given by keyword replaced: a NamedTuple's
# `_replace`, a flax struct dataclass's (and chex dataclass's) `replace`.
FIELD_REPLACING_METHODS = frozenset({"_replace", "replace"})

# Calls whose value operands are alternatives, by the position of the first one: every operand is
# computed, but each element of the result comes from one operand only (measured on jax 0.10.2:
# `lax.select` and `jnp.where` lower to `select_n`), so two operands drawn from one key never put
# the same bits in two places of the result, as with the two branches of an `if`.
SELECTS = {"jax.lax.select": 1, "jax.lax.select_n": 1, "jax.numpy.where": 1}
SELECT_SHORT_NAMES = frozenset(name.rsplit(".", 1)[1] for name in SELECTS)

# Methods of a Flax linen module whose first argument is the key (or dict of keys) they derive
# the variables' keys from (by `fold_in`).
LINEN_KEYED_METHODS = frozenset({"init", "init_with_output"})
# The keyword arguments by which a flax model is told it runs in evaluation, where its `Dropout`
# layers are deterministic and never draw from the `"dropout"` stream of `rngs=` (flax's own
# convention: `nn.Dropout(rate, deterministic=not train)`): a dummy dropout key given there,
# even the same one every batch, is never used.
EVALUATION_FLAGS = {"train": False, "training": False, "is_training": False, "deterministic": True}
DROPOUT_STREAM = "dropout"

# The one key-parameter heuristic (the analysis reads names and resolved annotations; the runtime
# reads names and annotations as text): a parameter holds a key when it is annotated as one, or
# named as keys are, one of these words among the parts of its snake_case name (`key`,
# `dropout_rng`, `rngkey`, `keys`).
KEY_PARAMETER_WORDS = frozenset({"key", "keys", "rng", "rngs", "prng", "rngkey", "prngkey", "subkey"})
# The last part of every annotation of ``PRNG_KEY_ANNOTATIONS``, and jaxtyping's `Key[...]`.
KEY_ANNOTATION_SHORT_NAMES = frozenset(name.rsplit(".", 1)[1] for name in PRNG_KEY_ANNOTATIONS) | {"Key["}


def is_key_name(name: str) -> bool:
    """Whether a name says it holds one key, by its last word (`rng`, `init_key`, `self._rng`,
    `key2`; not `key_value_states`, `latent_key_prefix`, nor a stream of keys, `rngs`)."""
    last = name.lower().rsplit("_", 1)[-1].rstrip("0123456789")
    return last in KEY_PARAMETER_WORDS and last not in KEY_STREAM_NAMES


def is_key_parameter_name(name: str) -> bool:
    """Whether a parameter named ``name`` is one that holds a PRNG key, by the words of its name."""
    return any(word in KEY_PARAMETER_WORDS for word in name.lower().split("_"))
