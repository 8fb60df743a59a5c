"""NetKet's `DenseSymm` layer took its symmetry group as a plain `np.ndarray` of
permutations (`symmetries=np.asarray(perms)`).  Models are handed to NetKet's jitted
sampling/log-psi functions as *static* arguments, and a module whose attribute is a NumPy
array cannot be hashed, so the jitted call fails with "Non-hashable static arguments".
The fix added a `HashableArray` wrapper so array-valued model attributes hash by content.
(NetKet builds models with flax.linen; here the layer is a frozen dataclass with the same
hashing semantics.)

Source: https://github.com/netket/netket/pull/621
Observed on jax 0.10.x: raises ValueError
"""
import jax
import numpy as np

from models import DenseSymm, chain_translations
from sampler import metropolis_sweep


def run():
    n_sites = 8
    perms = chain_translations(n_sites)
    ma = DenseSymm(symmetries=np.asarray(perms), features=4)
    key = jax.random.PRNGKey(0)
    sigma = jax.random.choice(key, np.array([-1.0, 1.0]), (16, n_sites))
    params = ma.init(key, sigma)
    for step in range(3):
        key, sub = jax.random.split(key)
        sigma = metropolis_sweep(ma, params, sigma, sub)
    return sigma
