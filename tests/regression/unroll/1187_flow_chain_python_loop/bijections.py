"""Normalising-flow bijections as equinox modules (flowjax-style)."""
from typing import Tuple

import equinox as eqx
import jax
import jax.numpy as jnp


class Affine(eqx.Module):
    loc: jax.Array
    log_scale: jax.Array

    def transform_and_log_abs_det_jacobian(self, x):
        return x * jnp.exp(self.log_scale) + self.loc, jnp.sum(self.log_scale)


class TanhCoupling(eqx.Module):
    weight: jax.Array
    split: int = eqx.field(static=True)

    def transform_and_log_abs_det_jacobian(self, x):
        x_cond, x_trans = x[: self.split], x[self.split:]
        log_scale = jnp.tanh(self.weight @ x_cond)
        y = jnp.concatenate([x_cond, x_trans * jnp.exp(log_scale)])
        return y, jnp.sum(log_scale)


class Chain(eqx.Module):
    bijections: Tuple[eqx.Module, ...]

    def transform_and_log_abs_det_jacobian(self, x):
        log_abs_det_jac = 0
        for bijection in self.bijections:  # expect: JAX407
            x, log_abs_det_jac_i = bijection.transform_and_log_abs_det_jacobian(x)
            log_abs_det_jac += log_abs_det_jac_i
        return x, log_abs_det_jac


def masked_autoregressive_flow(key, dim, flow_layers):
    layers = []
    for k in jax.random.split(key, flow_layers):
        k1, k2 = jax.random.split(k)
        layers.append(TanhCoupling(0.1 * jax.random.normal(k1, (dim - dim // 2, dim // 2)),
                                   split=dim // 2))
        layers.append(Affine(0.1 * jax.random.normal(k2, (dim,)), jnp.zeros(dim)))
    return Chain(tuple(layers))
