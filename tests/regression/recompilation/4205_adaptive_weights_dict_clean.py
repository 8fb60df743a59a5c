"""PINN for 2-D linear elasticity with adaptive loss weighting. A Python helper recomputes a dict of
bounded inverse-EMA weights (plain Python floats) from the previous step's losses, and the jitted
`step_jit(params, opt_state, batch, adaptive_weights)` receives a brand-new dict every iteration.
The dict is a pytree argument with fixed keys and float leaves (the base weights are floats too),
so the new values are traced, not static, and `step_jit` compiles once.

Source: https://github.com/soroushIrandoust/pinn-jax-2d-elast/blob/abdb5553fffb56decc7d517fd8b3081dfa596590/src/train.py#L198
Observed on jax 0.10.x: step_jit compiled 1 times
"""
import jax
import jax.numpy as jnp
import numpy as np
import optax

names = ["pde", "bc_left", "bc_right"]
base_weights = {"pde": 10.0, "bc_left": 100.0, "bc_right": 60.0}
moving_avg = {k: 1.0 for k in names}


def total_loss(p, batch, adaptive_weights):
    pred = jnp.tanh(batch @ p["W"]) @ p["v"]
    info = {"pde": jnp.mean(pred ** 2), "bc_left": jnp.mean(pred[:4] ** 2), "bc_right": jnp.mean((pred[-4:] - 1.0) ** 2)}
    return sum(adaptive_weights[k] * info[k] for k in names), info


def compute_adaptive_weights(losses_dict, ema_decay=0.99, alpha=0.5, eps=1e-8):
    if losses_dict is None:
        return base_weights
    for k in names:
        moving_avg[k] = ema_decay * moving_avg[k] + (1.0 - ema_decay) * abs(float(losses_dict[k]))
    mean_ema = float(np.mean([moving_avg[k] for k in names]))
    raw = {k: ((mean_ema + eps) / (moving_avg[k] + eps)) ** alpha for k in names}
    mean_mult = float(np.mean(list(raw.values())))
    return {k: base_weights[k] * float(np.clip(raw[k] / (mean_mult + eps), 0.25, 4.0)) for k in names}


def run():
    key = jax.random.PRNGKey(0)
    k1, k2, k3 = jax.random.split(key, 3)
    params = {"W": 0.3 * jax.random.normal(k1, (2, 16)), "v": 0.3 * jax.random.normal(k2, (16,))}
    batch = jax.random.uniform(k3, (32, 2))
    optimizer = optax.adam(1e-3)
    opt_state = optimizer.init(params)

    @jax.jit
    def step_jit(params, opt_state, batch, adaptive_weights):
        (loss_val, info), grads = jax.value_and_grad(
            lambda p: total_loss(p, batch, adaptive_weights), has_aux=True)(params)
        updates, new_opt_state = optimizer.update(grads, opt_state)
        return optax.apply_updates(params, updates), new_opt_state, loss_val, info

    def step(params, opt_state, batch, losses_dict_prev=None):
        adaptive_w = compute_adaptive_weights(losses_dict_prev)
        return step_jit(params, opt_state, batch, adaptive_w)

    losses_dict_prev = None
    for epoch in range(1, 5):
        params, opt_state, loss_val, info = step(params, opt_state, batch, losses_dict_prev)
        losses_dict_prev = info
    return None


if __name__ == "__main__":
    run()
