"""Flow-based Bayesian posterior (stochastic-interpolant research code): `log_prob` calls
`get_current_flow`, which builds a fresh `Flow` object on every call, and `Flow.__init__` wraps its
bound methods with `jit(self.forward)` / `jit(self.backward)`. Each `log_prob` evaluation therefore
jits a brand-new callable and compiles the whole Euler integration again, so scoring a handful of
candidate points recompiles `backward` once per point.

Source: https://github.com/act65/flow/blob/36ccd07f53abd438790ab8663ecd003772170e49/bayes/posterior.py#L182-L187
Observed on jax 0.10.x: backward compiled 3 times
"""
import jax.numpy as jnp

from posterior import FlowBasedPosterior


def run():
    posterior = FlowBasedPosterior(dim=2)
    scores = []
    for x1 in [jnp.array([0.1, 0.2]), jnp.array([1.0, -1.0]), jnp.array([0.0, 0.5])]:
        scores.append(posterior.log_prob(x1))
    return None
