from functools import partial
from typing import Any, Tuple

import jax
import jax.numpy as jnp
import optax


@partial(jax.jit, static_argnums=(0, 1, 4))
def optimize(
    fn_loss: Any,
    opt: Any,
    opt_state: Any,
    params_to_update: Any,
    max_grad_norm: float or None,
    *args,
    **kwargs,
) -> Tuple[Any, Any, jnp.ndarray, Any]:
    (loss, aux), grad = jax.value_and_grad(fn_loss, has_aux=True)(
        params_to_update,
        *args,
        **kwargs,
    )
    if max_grad_norm is not None:
        grad = clip_gradient_norm(grad, max_grad_norm)
    update, opt_state = opt(grad, opt_state)
    params_to_update = optax.apply_updates(params_to_update, update)
    return opt_state, params_to_update, loss, aux


def clip_gradient_norm(grad: Any, max_grad_norm: float) -> Any:
    def _clip_gradient_norm(g):
        clip_coef = max_grad_norm / (jax.lax.stop_gradient(jnp.linalg.norm(g)) + 1e-6)
        clip_coef = jnp.clip(clip_coef, max=1.0)
        return g * clip_coef

    return jax.tree_util.tree_map(_clip_gradient_norm, grad)
