import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

from .distribution import DiagGaussian


class ADVIArchitecture:
    def __init__(self, dim):
        self.dim = dim

    def forward(self, params, u):
        return params["mean"] + jnp.exp(params["log_std"]) * u


class ADVIPosterior:
    def __init__(self, log_std_base=0.0):
        self.log_std_base = log_std_base
        self.state = None

    def fit(self, params):
        rav, unravel = ravel_pytree(params)
        self.state = {"mean": rav, "log_std": jnp.full_like(rav, -2.0)}
        self._treedef_example = params

    def _get_base_and_architecture(self, n_params):
        base = DiagGaussian(
            mean=jnp.zeros(n_params),
            std=jnp.exp(self.log_std_base) * jnp.ones(n_params),
        )
        return base, ADVIArchitecture(n_params)

    def sample(self, rng):
        state = self.state
        n_params = state["mean"].shape[0]
        base, architecture = self._get_base_and_architecture(n_params)
        unravel = ravel_pytree(self._treedef_example)[1]
        rav = architecture.forward(state, base.sample(rng)[0])
        return unravel(rav)
