"""Clean look-alike from a student's SAC implementation on MuJoCo Playground: the
shared replay buffer's `add` builds insertion indices with
`jax.lax.iota(DTYPE_INT, num_new) + ptr` (num_new is a static batch shape) and
`sample` guards the empty-buffer case with `jax.lax.cond(max_count > 0, ...)`
instead of a Python `if state.count > 0`. Both run inside the jitted rollout
step, and every value-dependent decision is staged out, so nothing is
concretized.

Source: https://github.com/stevenwman/jax-learning/blob/c50f930352abc12bba4f638a170c443fbf2d02db/jax_rl/algos/sac/shared_buffer.py#L104
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from shared_buffer import SharedReplayBuffer, Transition

NUM_ENVS = 4
BATCH_SIZE = 8


def make_rollout_step(buffer):
    @jax.jit
    def rollout_step(buf_state, obs, key):
        key, act_key, train_key = jax.random.split(key, 3)
        action = jax.random.normal(act_key, (NUM_ENVS, 2))
        next_obs = obs + 0.1 * action.sum(axis=-1, keepdims=True)
        trans = Transition(obs=obs, act=action, rew=jnp.ones((NUM_ENVS,)),
                           next_obs=next_obs, done=jnp.zeros((NUM_ENVS,)))
        buf_state = buffer.add(buf_state, trans)
        batch = buffer.sample(buf_state, train_key, BATCH_SIZE)
        return buf_state, next_obs, key, batch.rew.mean()
    return rollout_step


def run():
    buffer = SharedReplayBuffer(capacity=32, obs_dim=3, act_dim=2)
    buf_state = buffer.init()
    rollout_step = make_rollout_step(buffer)
    obs = jnp.zeros((NUM_ENVS, 3))
    key = jax.random.key(0)
    for _ in range(3):
        buf_state, obs, key, mean_rew = rollout_step(buf_state, obs, key)
    if int(buf_state.count) > 0:  # host-side check after the jitted step
        return float(mean_rew)
    return 0.0


if __name__ == "__main__":
    print(run())
