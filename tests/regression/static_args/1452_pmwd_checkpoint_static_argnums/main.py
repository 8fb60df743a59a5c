"""pmwd `linear_modes` is decorated with `partial(jax.checkpoint, static_argnums=4)`
but only takes four parameters (modes, cosmo, conf, a). On recent JAX the remat
wrapper validates the indices against the call's arguments and the nbody run in
ltu-cmass fails with "static_argnums ... got (4,), while len(args) = 4".

Source: https://github.com/eelregit/pmwd/issues/27
Observed on jax 0.10.x: raises ValueError
"""
import jax.numpy as jnp

from modes import linear_modes


def run_density(wn, cosmo, conf):
    return linear_modes(wn, cosmo, conf, 1.0)


def run():
    conf = {"mesh": 16, "box": 100.0}
    cosmo = {"A_s": 2.1, "n_s": 0.96}
    wn = jnp.ones(9)
    return run_density(wn, cosmo, conf)


if __name__ == "__main__":
    run()
