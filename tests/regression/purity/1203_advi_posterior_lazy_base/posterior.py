import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

from .distribution import DiagGaussian


class ADVIArchitecture:
    """Affine flow u -> mean + exp(log_std) * u on the flattened parameters."""

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

    def sample(self, rng):
        state = self.state
        if not hasattr(self, "_base") or not hasattr(self, "_unravel"):
            n_params = state["mean"].shape[0]
            self._base = DiagGaussian(  # expect: JAX105
                mean=jnp.zeros(n_params),
                std=jnp.exp(self.log_std_base) * jnp.ones(n_params),
            )
            self._architecture = ADVIArchitecture(n_params)
            self._unravel = ravel_pytree(self._treedef_example)[1]
        rav = self._architecture.forward(state, self._base.sample(rng)[0])
        return self._unravel(rav)
