"""PBO training on Lunar Lander (projected Bellman operator paper code). To pick exploration
weights, the training loop calls `iterated_q(pbo, pbo.params, weights, max_bellman_iterations)`,
which is jitted with `static_argnames="n_iterations"` only. The first argument `pbo` is the
operator object itself (a plain Python class whose __call__ applies the network), so jit tries to
trace it as an array and the call fails; the author's fix ("Fix jitted iterated q") declared it
static: `static_argnames=("pbo", "n_iterations")`.

Source: https://github.com/theovincent/PBO/blob/45fd2329cb2a32fd84e3c896a829243c4ca2abdd/experiments/lunar_lander/utils.py#L79
Observed on jax 0.10.x: raises TypeError
"""
import jax

from base_pbo import BasePBO
from utils import iterated_q


def run():
    max_bellman_iterations = 3
    pbo = BasePBO(q_weights_dim=6, max_bellman_iterations=max_bellman_iterations,
                  network_key=jax.random.PRNGKey(0))
    weights = jax.random.normal(jax.random.PRNGKey(1), (4, 6))
    for training_step in range(2):
        q_weights_exploration = iterated_q(pbo, pbo.params, weights[0], max_bellman_iterations)  # expect: JAX306
    return 0
