"""Dopamine-style NoisyNetwork layer (flax.linen in the original; flax is not available here,
so the module is a small class with the same fields and an init/apply pair)."""
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class NoisyNetwork:
    rng_key: jax.Array
    eval_mode: bool = False

    @staticmethod
    def _f(x):
        return jnp.multiply(jnp.sign(x), jnp.power(jnp.abs(x), 0.5))

    def init(self, rng, x, features):
        k1, k2 = jax.random.split(rng)
        return {
            "kernel_mu": jax.random.uniform(k1, (x.shape[0], features), maxval=0.1),
            "kernel_sigma": jnp.full((x.shape[0], features), 0.017),
            "bias_mu": jax.random.uniform(k2, (features,), maxval=0.1),
            "bias_sigma": jnp.full((features,), 0.017),
        }

    def apply(self, params, x, features, bias=True):
        rng1, rng2 = jax.random.split(self.rng_key, num=2)  # expect: JAX502,JAX503
        p = jax.random.normal(rng1, (x.shape[0], 1))
        q = jax.random.normal(rng2, (1, features))
        f_p, f_q = self._f(p), self._f(q)
        w_epsilon = f_p * f_q
        b_epsilon = jnp.squeeze(f_q)
        w = params["kernel_mu"] + jnp.multiply(params["kernel_sigma"], w_epsilon)
        ret = jnp.matmul(x, w)
        b = params["bias_mu"] + jnp.multiply(params["bias_sigma"], b_epsilon)
        return jnp.where(bias, ret + b, ret)
