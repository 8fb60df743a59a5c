"""Reservoir nodes for the jax backend (trimmed from reservoirpy.jax.nodes)."""
from functools import partial

import jax
import jax.numpy as jnp


def _uniform_weights(key, n_out, n_in, scale):
    return scale * jax.random.uniform(key, (n_out, n_in), minval=-1.0, maxval=1.0)


class IPReservoir:
    """Reservoir with intrinsic plasticity: the gain ``a`` and bias ``b`` of each
    neuron are learned online so that the firing rates follow a target law."""

    def __init__(self, units, lr=0.3, sr=0.9, learning_rate=5e-2, mu=0.0, sigma=1.0, seed=0):
        self.units = units
        self.lr = lr
        self.sr = sr
        self.learning_rate = learning_rate
        self.mu = mu
        self.sigma = sigma
        self.seed = seed
        self.initialized = False

    def initialize(self, x):
        k_in, k_w = jax.random.split(jax.random.key(self.seed))
        self.Win = _uniform_weights(k_in, self.units, x.shape[-1], 1.0)
        W = _uniform_weights(k_w, self.units, self.units, 1.0)
        self.W = W * self.sr / jnp.max(jnp.abs(jnp.linalg.eigvals(W)))
        self.bias = jnp.zeros((self.units,))
        self.a = jnp.ones((self.units,))
        self.b = jnp.zeros((self.units,))
        self.state = {"internal": jnp.zeros((self.units,)), "out": jnp.zeros((self.units,))}
        self.initialized = True

    @partial(jax.jit, static_argnums=(0,))
    def _step(self, state, x):
        internal, external = state["internal"], state["out"]
        next_state = self.W @ external + self.Win @ x + self.bias
        next_state = (1 - self.lr) * internal + self.lr * next_state
        next_external = jnp.tanh(self.a * next_state + self.b)  # expect: JAX108
        return {"internal": next_state, "out": next_external}

    def step(self, x):
        self.state = self._step(self.state, x)
        return self.state["out"]

    def gradient(self, x, y):
        sig2 = self.sigma ** 2
        delta_b = -(-(self.mu / sig2) + (y / sig2) * (2 * sig2 + 1 - y ** 2 + self.mu * y))
        delta_a = (1 / self.a) + delta_b * x
        return delta_a, delta_b

    def partial_fit(self, xs):
        for u in xs:
            post_state = self.step(u)
            pre_state = self.state["internal"]
            delta_a, delta_b = self.gradient(pre_state, post_state)
            self.a += self.learning_rate * delta_a
            self.b += self.learning_rate * delta_b
        return self
