import jax
import jax.numpy as jnp

from stylegan import MappingNetwork

G_model = MappingNetwork()


def init_g(g_rng):
    z = jnp.ones((4, 8))

    @jax.jit
    def _init(rng):
        return G_model.init(rng, z)

    return _init(g_rng)
