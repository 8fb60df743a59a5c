"""The fix from "Fix jitted iterated q" in the projected-Bellman-operator code: `iterated_q` is
jitted with `static_argnames=("pbo", "n_iterations")`, so the operator object is a static
argument (hashed by identity) and the number of Bellman iterations is a static int. Both are the
same on every training step (one PBO object built before the loop, a constant iteration count from
the command line), so iterated_q is traced and compiled once and then reused.

Source: https://github.com/theovincent/PBO/blob/096ab28751d28f4cb68513ac993006bbd07273ea/experiments/lunar_lander/utils.py#L79
Observed on jax 0.10.x: iterated_q compiled 1 times
"""
import jax

from base_pbo import BasePBO
from utils import iterated_q


def run():
    max_bellman_iterations = 3
    pbo = BasePBO(q_weights_dim=6, max_bellman_iterations=max_bellman_iterations,
                  network_key=jax.random.PRNGKey(0))
    weights = jax.random.normal(jax.random.PRNGKey(1), (4, 6))
    for training_step in range(4):
        q_weights_exploration = iterated_q(pbo, pbo.params, weights[training_step], max_bellman_iterations)
        pbo.params = {"w": pbo.params["w"] * 0.99, "b": pbo.params["b"] + 0.01}
    return 0
