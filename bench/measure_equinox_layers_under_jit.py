"""Which equinox layers a plain `jax.jit` can take at a traced position, and what the static
half of `eqx.partition` hashes to (jax 0.10.2, equinox 0.13.8; run with /work/venv).

    python bench/measure_equinox_layers_under_jit.py

Results (2026-11-28, jax 0.10.2, equinox 0.13.8), a plain `jax.jit` given at a traced position:
  eqx.nn.MLP (default activations, or activation=jax.nn.tanh)     TypeError
  eqx.nn.Lambda(jax.nn.relu)                                     TypeError
  eqx.nn.BatchNorm(4, "batch") (its `axis_name` is a leaf)       TypeError
  eqx.nn.Sequential([Linear, Lambda, Linear])                    TypeError
  eqx.nn.MaxPool2d(2), AvgPool1d(2), AdaptiveAvgPool2d(2) (their `operation` is a function),
  Pool(0.0, lax.add, 2, 2), WeightNorm(Linear) (a `functools.partial` leaf)  TypeError
  RMSNorm, GroupNorm, PReLU, SpectralNorm(Linear)                traced
  eqx.nn.Sequential([Linear, Linear]), Linear, Conv2d, LayerNorm, Dropout, GRUCell, LSTMCell,
  Embedding, MultiheadAttention, Identity                        traced
  a NumPy array of bytes or str (alone, or in a dict)            TypeError
  `self` of an `@jax.jit` method of a plain class                TypeError
  `self` of one whose class a helper registers (`register(Box)`) traced, runs
The static half of `eqx.partition(m, eqx.is_array)` at a static position:
  a module keeping its layers in a `list` (or a `dict` field)    ValueError: Non-hashable
  the same with a `tuple`; Sequential([Linear, Lambda]); MLP     hashed
"""
import numpy as np
import equinox as eqx
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
k1, k2 = jax.random.split(key)


def traced(value):
    try:
        jax.jit(lambda m: 0)(value)
        return "traced"
    except Exception as error:  # noqa: BLE001
        return f"{type(error).__name__}"


def static(value):
    f = jax.jit(lambda m, x: x, static_argnums=0)
    try:
        f(value, 1.0)
        return "hashed"
    except Exception as error:  # noqa: BLE001
        return f"{type(error).__name__}: {str(error).splitlines()[0][:80]}"


layers = {
    "Linear": lambda: eqx.nn.Linear(2, 3, key=k1),
    "MLP(default activation)": lambda: eqx.nn.MLP(2, 1, 4, 3, key=k1),
    "MLP(activation=jax.nn.tanh)": lambda: eqx.nn.MLP(2, 1, 4, 3, activation=jax.nn.tanh, key=k1),
    "Lambda(jax.nn.relu)": lambda: eqx.nn.Lambda(jax.nn.relu),
    "Sequential([Linear, Lambda, Linear])": lambda: eqx.nn.Sequential([eqx.nn.Linear(2, 8, key=k1), eqx.nn.Lambda(jax.nn.relu), eqx.nn.Linear(8, 1, key=k2)]),
    "Sequential([Linear, Linear])": lambda: eqx.nn.Sequential([eqx.nn.Linear(2, 8, key=k1), eqx.nn.Linear(8, 1, key=k2)]),
    "Conv2d": lambda: eqx.nn.Conv2d(1, 2, 3, key=k1),
    "LayerNorm": lambda: eqx.nn.LayerNorm(4),
    "Dropout": lambda: eqx.nn.Dropout(0.1),
    "GRUCell": lambda: eqx.nn.GRUCell(2, 3, key=k1),
    "LSTMCell": lambda: eqx.nn.LSTMCell(2, 3, key=k1),
    "Embedding": lambda: eqx.nn.Embedding(5, 3, key=k1),
    "MultiheadAttention": lambda: eqx.nn.MultiheadAttention(2, 4, key=k1),
    "Identity": lambda: eqx.nn.Identity(),
    "BatchNorm": lambda: eqx.nn.BatchNorm(4, "batch"),
    "MaxPool2d": lambda: eqx.nn.MaxPool2d(2),
    "AvgPool1d": lambda: eqx.nn.AvgPool1d(2),
    "AdaptiveAvgPool2d": lambda: eqx.nn.AdaptiveAvgPool2d(2),
    "Pool(0.0, lax.add, 2, 2)": lambda: eqx.nn.Pool(0.0, jax.lax.add, 2, 2),
    "WeightNorm(Linear)": lambda: eqx.nn.WeightNorm(eqx.nn.Linear(2, 2, key=k1)),
    "RMSNorm": lambda: eqx.nn.RMSNorm(4),
    "GroupNorm": lambda: eqx.nn.GroupNorm(2, 4),
    "PReLU": lambda: eqx.nn.PReLU(),
    "SpectralNorm(Linear)": lambda: eqx.nn.SpectralNorm(eqx.nn.Linear(2, 2, key=k1), "weight", key=k2),
}
for name, make in layers.items():
    print(f"jit(f)(eqx.nn.{name}): {traced(make())}")


class WithList(eqx.Module):
    layers: list
    bias: jax.Array

    def __init__(self):
        self.layers = [eqx.nn.Linear(2, 2, key=k1), eqx.nn.Linear(2, 2, key=k2)]
        self.bias = jnp.ones(2)


class WithTuple(eqx.Module):
    layers: tuple
    bias: jax.Array

    def __init__(self):
        self.layers = (eqx.nn.Linear(2, 2, key=k1), eqx.nn.Linear(2, 2, key=k2))
        self.bias = jnp.ones(2)


class WithDictOfInts(eqx.Module):
    sizes: dict
    bias: jax.Array

    def __init__(self):
        self.sizes = {"a": 1}
        self.bias = jnp.ones(2)


for cls in (WithList, WithTuple, WithDictOfInts):
    params, rest = eqx.partition(cls(), eqx.is_array)
    print(f"static half of eqx.partition({cls.__name__}()) at a static position: {static(rest)};"
          f" its field is a {type(getattr(rest, next(iter(cls.__annotations__)))).__name__}")
print("static half of partition(Sequential([Linear, Lambda])):", static(eqx.partition(layers["Sequential([Linear, Lambda, Linear])"](), eqx.is_array)[1]))
print("static half of partition(MLP):", static(eqx.partition(layers["MLP(default activation)"](), eqx.is_array)[1]))

ids = np.array([b"test_00001", b"test_00002"])
print("jit(f)(np.array of bytes):", traced(ids))
print("jit(f)({'id': np.array of bytes, 'x': ...}):", traced({"id": ids, "x": np.zeros(2)}))
print("jit(f)(np.array of str):", traced(np.array(["a", "b"])))


class Opt:
    def __init__(self, w):
        self.w = w

    @jax.jit
    def step(self, x):
        return x * 2


try:
    Opt(1.0).step(1.0)
    print("@jax.jit method of a plain class: ran")
except TypeError as error:
    print("@jax.jit method of a plain class: TypeError,", str(error).splitlines()[0][:100])


def register(cls):
    jax.tree_util.register_pytree_node(cls, lambda b: ((b.lattice,), None), lambda _, c: cls(*c))


class Box:
    def __init__(self, lattice):
        self.lattice = lattice

    @jax.jit
    def wrap(self, positions):
        return positions % self.lattice


register(Box)
print("@jax.jit method of a class registered by a helper `register(Box)`:", Box(jnp.ones(3)).wrap(jnp.ones(3) * 1.5))
