"""A context-managed RNG stack is read by `make_rng()` inside a jitted function.

Source: https://github.com/google/flax/issues/112
"nn.stochastic context does not extend into jitted functions": with
`with nn.stochastic(PRNGKey(0)):` around a loop calling a jitted `rnd()` that
uses `nn.make_rng()`, every call printed the same "random" integers. The
key stack is Python state read and advanced only while tracing. Rebuilt with a
small rng_context module in plain jax (old flax API not installed).

Observed on jax 0.10.2: 1 of 3 calls
"""
import jax

from .rng_context import make_rng, stochastic


@jax.jit
def rnd():
    return jax.random.randint(make_rng(), (5,), 0, 10)


def run():
    draws = set()
    with stochastic(jax.random.PRNGKey(0)):
        for _ in range(3):
            draws.add(tuple(int(v) for v in rnd()))
    return len(draws)
