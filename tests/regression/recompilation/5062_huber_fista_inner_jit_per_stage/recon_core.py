from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class FistaCoreConfig:
    iters: int = 5
    lambda_tv: float = 0.005
    L: float = 100.0


def fista_tv_core_arrays(x0, T_all, projections, cfg):
    def body(x, _):
        r = jnp.einsum("vij,j->vi", T_all, x.ravel()) - projections
        g = jnp.einsum("vij,vi->j", T_all, r).reshape(x.shape)
        x = x - g / cfg.L
        return x, 0.5 * jnp.sum(r**2)

    return jax.lax.scan(body, x0, None, length=cfg.iters)
