"""eval_model as defined inside make_train() of ppo_rnn.py."""
import jax
import jax.numpy as jnp


def normalize(obs, normalizer_state):
    mean, std = normalizer_state
    return (obs - mean) / std


def make_eval_model(eval_env, network, eval_steps):
    @jax.jit
    def eval_model(params, _normalizer_state, seed=0):
        """Evaluate model."""
        rng = jax.random.PRNGKey(seed)  # expect: JAX503,JAX502
        rng, rng_init = jax.random.split(rng)

        env_state = eval_env.reset(rng_init)
        runner_state = (env_state, rng)

        def _env_step(runner_state, unused):
            _env_state, rng = runner_state
            rng, _rng = jax.random.split(rng)

            # SELECT ACTION
            x = normalize(_env_state.obs, _normalizer_state)
            mean, log_std = network(params, x)
            action = mean + jnp.exp(log_std) * jax.random.normal(_rng, mean.shape)

            # STEP ENV
            next_env_state = eval_env.step(_env_state, action)
            return (next_env_state, rng), (_env_state.obs, next_env_state.reward)

        runner_state, (obs, rewards) = jax.lax.scan(_env_step, runner_state, None, eval_steps)
        mean_reward = rewards.sum(0).mean()
        return mean_reward, obs

    return eval_model
