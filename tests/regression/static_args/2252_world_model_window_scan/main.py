"""In byol-offline's BYOL-Explore world-model trainer, the per-window loss defines an
inner `body_fn(curr_state, idx)` decorated with `functools.partial(jax.jit,
static_argnums=1)` so that `idx` could slice `obs_seq[idx : idx + window_size]`, and then
hands it to `jax.lax.scan(body_fn, init_val, jnp.arange(T - window_size))`. scan feeds
each start index as a traced scalar, which lands in the static position: hashing the
tracer fails before the body is traced ("i think i finally figured out how to not fail
jit compilation" replaced it with a masking fori_loop).

Source: https://github.com/dhruvsreenivas/byol-offline/blob/b9c6af610cf8020aea5546db8006bbb9d9c90297/byol_offline/models/byol_model.py#L140
Observed on jax 0.10.x: raises ValueError
"""
import jax
import jax.numpy as jnp

from byol_model import WorldModelTrainer


def run():
    trainer = WorldModelTrainer(obs_dim=4, action_dim=2)
    T, B = 6, 3
    k1, k2 = jax.random.split(jax.random.PRNGKey(1))
    obs_seq = jax.random.normal(k1, (T, B, 4))
    action_seq = jax.random.normal(k2, (T, B, 2))
    ts = trainer.train_state
    loss, window = trainer.wm_loss_fn_window_size(ts.wm_params, ts.target_params, obs_seq, action_seq, 2)
    return float(loss)


if __name__ == "__main__":
    print(run())
