import jax
import jax.numpy as jnp


def _compute_n_step_return(model_fn, critic_fn, policy_fn, params, z, actions, key, *, discount):
    horizon = actions.shape[0]
    return_, discount_ = 0, 1
    for t in range(horizon):  # expect: JAX407
        z, reward = model_fn(params, z, actions[t])
        return_ += discount_ * reward
        discount_ *= discount
    return_ += discount_ * critic_fn(params, z, policy_fn(params, z, key))
    return return_


def _rollout_policy(params, model_fn, policy_fn, z, key, horizon, num_trajectories):
    policy_actions = []
    z = jnp.tile(z, [num_trajectories, 1])
    for _ in range(horizon):  # expect: JAX407
        key_, key = jax.random.split(key)
        actions = policy_fn(params, z, key_)
        policy_actions.append(actions)
        z, _ = model_fn(params, z, actions)
    return jnp.stack(policy_actions, axis=1)


def td_mpc_planner(policy_fn, encoder_fn, model_fn, critic_fn, params, observation, previous_trajectory, key,
                   *, n_policy_trajectories, n_sample_trajectories, discount):
    horizon = previous_trajectory.shape[0]
    action_dims = previous_trajectory.shape[1]
    z = encoder_fn(params, observation[None])
    rollout_key, key = jax.random.split(key)
    policy_actions = _rollout_policy(params, model_fn, policy_fn, z, rollout_key, horizon, n_policy_trajectories)
    action_key, value_key = jax.random.split(key)
    actions = previous_trajectory + jax.random.normal(action_key, (n_sample_trajectories, horizon, action_dims))
    actions = jnp.concatenate([jnp.clip(actions, -1, 1), policy_actions], axis=0)
    z = jnp.tile(z, (n_sample_trajectories + n_policy_trajectories, 1))
    values = _compute_n_step_return(
        model_fn, critic_fn, policy_fn, params, z, jnp.swapaxes(actions, 0, 1), value_key, discount=discount
    )
    return actions[jnp.argmax(values)]
