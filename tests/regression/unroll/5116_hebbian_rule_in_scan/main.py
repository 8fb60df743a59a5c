"""Associative-memory experiments with a "general Hebbian" rule: `fit` stores the
patterns with `lax.scan` over pattern indices, but the scan body calls
`learning_rule`, which fills the weight matrix entry by entry with a nested Python
`for i in range(pattern_dim): for j in range(pattern_dim)` loop of `.at[i, j]`
updates. Inside the scan body that double loop is unrolled at trace time --
pattern_dim**2 scatter ops (784**2 for MNIST) -- so compilation explodes. The
author's TODO says to replace it with `lax` builtins.

Source: https://github.com/hanleyc01/wirex/blob/30f7dabf87180f8d526e4b658536e97e3b0bff48/wirex/models/rate/generalhebbian.py#L99-L117
Observed on jax 0.10.x: runs
"""
import jax
import jax.lax as lax
import jax.numpy as jnp
import numpy as np

from .hebbian import Coefficients, Hebbian


class GeneralHebbian(Hebbian):
    @classmethod
    def init(cls, pattern_dim: int, coefficients: Coefficients):
        return cls(weights=jnp.zeros((pattern_dim, pattern_dim), dtype=jnp.float32),
                   coefficients=coefficients)

    def fit(self, patterns):
        def update_step(weights, i):
            pattern = patterns[i]
            updated_weights = self.learning_rule(weights, self.coefficients, pattern, pattern)
            return updated_weights, None

        n = patterns.shape[0]
        final_weights, _ = lax.scan(update_step, init=self.weights, xs=np.arange(n))
        return self.__class__(weights=final_weights, coefficients=self.coefficients)

    @staticmethod
    def learning_rule(weights, coefficients, pre_synaptic_layer, post_synaptic_layer):
        # TODO(hanleyc01): optimize this loop to use `lax` builtins for speed-up
        coeffsarr = coefficients.jax()
        pattern_dim, _ = weights.shape
        new_weights = jnp.zeros_like(weights)
        for i in range(pattern_dim):  # expect: JAX407
            for j in range(pattern_dim):
                weights_ij = new_weights.at[i, j].add(
                    coeffsarr[0]
                    + coeffsarr[1] * pre_synaptic_layer[i]
                    + coeffsarr[2] * post_synaptic_layer[j]
                    + coeffsarr[3] * (pre_synaptic_layer[i] ** 2)
                    + coeffsarr[4] * (post_synaptic_layer[j] ** 2)
                    + coeffsarr[5] * pre_synaptic_layer[i] * post_synaptic_layer[j]
                    + coeffsarr[6] * (pre_synaptic_layer[i] ** 3)
                    + coeffsarr[7] * (post_synaptic_layer[j] ** 3)
                )
                new_weights = new_weights.at[i, j].set(weights_ij[i, j])
        return new_weights


def run():
    keys = jax.random.split(jax.random.PRNGKey(111), 2)
    coeffs = Coefficients(*[float(c) for c in jax.random.uniform(keys[0], (8,))])
    model = GeneralHebbian.init(6, coeffs)
    patterns = jnp.sign(jax.random.normal(keys[1], (4, 6)))
    fitted = model.fit(patterns)
    return None if fitted.weights.shape == (6, 6) else "bad shape"
