"""equinox (early): jitting a Module method with `self` static; the Module holds lists.

Source: https://github.com/patrick-kidger/equinox/issues/11 ("Hashable `eqx.Module`").

The user's Hopfield-style `SimpleModule` keeps its neuron layers, synapses and
connection pairs in Python lists and decorated its methods with
`@partial(jax.jit, static_argnums=0)` so that the whole module (structure and
weights) is compile-time data. Hashing the module hashes its fields, and lists
(and the weight arrays inside) are not hashable: "Non-hashable static
arguments are not supported ... SimpleModule(layers=[NeuronLayer(...), ...],
synapses=[DenseSynapse(W=DeviceArray(...))], connections=[(0, 1)])". The advice
was to use `eqx.filter_jit` and pass the module as a normal argument.

Observed on jax 0.10.2: raises ValueError
"""
from functools import partial
from typing import Callable, List, Tuple

import equinox as eqx
import jax
import jax.numpy as jnp


class NeuronLayer(eqx.Module):
    lagrangian: Callable
    shape: Tuple[int, ...]
    tau: float = 1.0

    def activation(self, x):
        return jax.grad(lambda v: jnp.sum(self.lagrangian(v)))(x)


class DenseSynapse(eqx.Module):
    W: jax.Array

    def energy(self, g1, g2):
        return -g1 @ self.W @ g2


class SimpleModule(eqx.Module):
    layers: List[NeuronLayer]
    synapses: List[DenseSynapse]
    connections: List[Tuple[int, int]]

    def __init__(self, key):
        self.layers = [
            NeuronLayer(lagrangian=lambda x: 0.5 * x**2, shape=(32,), tau=1.0),
            NeuronLayer(lagrangian=lambda x: jax.nn.logsumexp(x), shape=(50,), tau=0.0),
        ]
        self.synapses = [DenseSynapse(W=jax.random.normal(key, (32, 50)))]
        self.connections = [(0, 1)]

    @partial(jax.jit, static_argnums=0)
    def energy(self, xs):
        gs = [layer.activation(x) for layer, x in zip(self.layers, xs)]
        e = sum(jnp.sum(g * x) - jnp.sum(l.lagrangian(x)) for l, g, x in zip(self.layers, gs, xs))
        for syn, (i, j) in zip(self.synapses, self.connections):
            e = e + syn.energy(gs[i], gs[j])
        return e


def compute_energy(seed=0):
    model = SimpleModule(jax.random.PRNGKey(seed))
    xs = [jnp.ones((32,)), jnp.ones((50,))]
    return model.energy(xs)  # expect: JAX302


def run():
    return compute_energy()
