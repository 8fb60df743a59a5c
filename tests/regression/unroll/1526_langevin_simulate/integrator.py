import jax.numpy as jnp


def harmonic_bond_energy(conf, params, bond_idxs):
    ci = conf[bond_idxs[:, 0]]
    cj = conf[bond_idxs[:, 1]]
    dij = jnp.sqrt(jnp.sum((ci - cj) ** 2, axis=-1))
    kb, b0 = params[:, 0], params[:, 1]
    return jnp.sum(0.5 * kb * (dij - b0) ** 2)


def langevin_step(x, v, force_fn, masses, dt, ca, cb):
    f = force_fn(x)
    v = ca * v + cb * f / masses[:, None]
    x = x + v * dt
    return x, v
