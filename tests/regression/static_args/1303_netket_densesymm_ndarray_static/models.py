import dataclasses

import jax
import jax.numpy as jnp
import numpy as np


@dataclasses.dataclass(frozen=True)
class DenseSymm:
    """Symmetric dense layer; like a linen Module it is a frozen dataclass whose hash
    and equality come from its fields."""

    symmetries: np.ndarray  # [n_symm, n_sites] permutation table
    features: int
    use_bias: bool = True

    def init(self, key, x):
        n_sites = x.shape[-1]
        kernel = 0.01 * jax.random.normal(key, (self.features, n_sites))
        bias = jnp.zeros((self.features,))
        return {"kernel": kernel, "bias": bias}

    def apply(self, params, x):
        perms = jnp.asarray(self.symmetries)
        x_symm = x[..., perms]  # [batch, n_symm, n_sites]
        out = jnp.einsum("bsn,fn->bsf", x_symm, params["kernel"])
        if self.use_bias:
            out = out + params["bias"]
        return jnp.sum(jnp.log(jnp.cosh(out)), axis=(-1, -2))


def chain_translations(n_sites):
    return [list(np.roll(np.arange(n_sites), k)) for k in range(n_sites)]
