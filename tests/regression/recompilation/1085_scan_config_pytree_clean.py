"""Pytree config captured by a lambda inside a jitted scan.

Source: https://pytroubles.com/en/ampposts/id418-jax-jit-scan-and-pytrees-avoiding-recompilation-with-lambda-captures-and-stable-cache-keys
What happened: the question asked whether closing over a registered pytree
(array leaf + scalar metadata) via a lambda inside a jitted scan recompiles for
each new instance; the answer: the cache key is the pytree structure plus leaf
shapes/dtypes, so new instances with the same metadata reuse the compilation.
Observed on jax 0.10.2: run_scan_jit compiled 1 times
"""
import jax
import jax.numpy as jnp
from jax import tree_util


class ConfigBox:
    def __init__(self, vec, scale):
        self.vec = vec
        self.scale = scale

    def step_fn(self, s, y):
        return (self.vec + s + jnp.ones(self.scale)) * y

    def _tree_flatten(self):
        return (self.vec,), {"scale": self.scale}

    @classmethod
    def _tree_unflatten(cls, meta, leaves):
        return cls(*leaves, **meta)


tree_util.register_pytree_node(ConfigBox, ConfigBox._tree_flatten, ConfigBox._tree_unflatten)


def step_wrapper(cfg, s, y):
    nxt = cfg.step_fn(s, y)
    return nxt, nxt


@jax.jit
def run_scan_jit(cfg):
    body = lambda st, inp: step_wrapper(cfg, st, inp)
    last, out = jax.lax.scan(body, jnp.array([0.0, 1.0]), jnp.array([1.0, 2.0, 3.0]))
    return last, out


def run():
    total = 0.0
    for i in range(3):
        cfg = ConfigBox(jnp.array([1.0, 2.0]) * i, 2)
        last, _ = run_scan_jit(cfg)
        total += last.sum()
    return total
