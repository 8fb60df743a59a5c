import jax.numpy as jnp

NUM_STRAINS = 3  # fixed by the model configuration


def seip_ode(state, t, beta, gamma):
    s, i = state
    force = jnp.zeros_like(s)
    ds_per_strain = []
    for strain in range(NUM_STRAINS):
        inf = beta[strain] * s * i[strain]
        force = force + inf
        ds_per_strain.append(inf - gamma * i[strain])
    return -force, jnp.stack(ds_per_strain)
