from typing import Optional

import jax
import jax.numpy as jnp


def l2_normalize(x: jnp.ndarray, axis: Optional[int] = None, epsilon: float = 1e-12) -> jnp.ndarray:
    '''Stable L2 normalization from BYOL repo.'''
    square_sum = jnp.sum(jnp.square(x), axis=axis, keepdims=True)
    x_inv_norm = jax.lax.rsqrt(jnp.maximum(square_sum, epsilon))
    return x * x_inv_norm


def target_update_fn(params, target_params, ema: float):
    return jax.tree_util.tree_map(lambda x, y: ema * x + (1.0 - ema) * y, target_params, params)
