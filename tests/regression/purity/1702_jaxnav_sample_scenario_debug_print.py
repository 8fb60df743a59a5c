"""JaxNav's grid map loads pickled test cases in `__init__` and samples one of them in
`sample_scenario`, a method jitted with `static_argnums=[0]`. While debugging, the author
sprinkled `print("tc ", tc)`, `print("theta", theta)`, `print("case", case)` through the
jitted method. Those prints run only during tracing: they show `Traced<...>` placeholders
instead of the sampled scenario, and on every later episode (same shapes, cached trace)
nothing is printed at all, so the debug output never shows which scenario was drawn.

Source: https://github.com/FLAIROx/JaxMARL/blob/c793d095618c6d3edfb5632802348f57b70a4b94/jaxmarl/environments/jaxnav/maps/grid_map.py
Observed on jax 0.10.x: 1 of 4 calls
"""
import contextlib
import io
from functools import partial

import jax
import jax.numpy as jnp


class GridMapFromBuffer:
    def __init__(self, height=6, width=6, num_test_cases=5):
        self.height, self.width = height, width
        k1, k2, k3, k4 = jax.random.split(jax.random.PRNGKey(0), 4)
        self.test_cases = (
            jax.random.randint(k1, (num_test_cases, height, width), 0, 2),
            jax.random.uniform(k2, (num_test_cases, 2)),
            jax.random.uniform(k3, (num_test_cases, 1)),
            jax.random.uniform(k4, (num_test_cases, 2)),
        )
        self.num_test_cases = num_test_cases

    @partial(jax.jit, static_argnums=[0])
    def sample_scenario(self, key):
        print("-- sampling scenarios -- ")  # expect: JAX101
        idx = jax.random.randint(key, (1,), minval=0, maxval=self.num_test_cases)[0]
        tc = jax.tree.map(lambda x: x[idx], self.test_cases)
        print("tc ", tc)  # expect: JAX101
        map_data = tc[0]
        theta = jnp.concatenate([tc[2], jnp.zeros(1)])
        print("theta", theta)  # expect: JAX101
        case = jnp.stack([tc[1], tc[3]])
        test_case = jnp.concatenate([case, theta[:, None]], axis=-1)
        return map_data, test_case


def run():
    grid = GridMapFromBuffer()
    key = jax.random.PRNGKey(1)
    shown = 0
    for _ in range(4):
        key, sub = jax.random.split(key)
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            map_data, test_case = grid.sample_scenario(sub)
        shown += "theta" in buf.getvalue()
    return shown
