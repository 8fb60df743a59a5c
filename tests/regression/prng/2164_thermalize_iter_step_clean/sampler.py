import jax
import jax.numpy as jnp


def p_split(key):
    return tuple(jax.random.split(key))


@jax.jit
def pm_sampler(key, params, electrons, atoms, width):
    proposal = electrons + width * jax.random.normal(key, electrons.shape)
    accept = jax.random.uniform(jax.random.fold_in(key, 1), electrons.shape[:1]) < 0.5
    return jnp.where(accept[:, None, None], proposal, electrons), jnp.mean(accept)


@jax.jit
def pm_local_energy(params, electrons, atoms):
    return -params * jnp.sum(jnp.linalg.norm(electrons[:, :, None] - atoms, axis=-1), axis=(1, 2))
