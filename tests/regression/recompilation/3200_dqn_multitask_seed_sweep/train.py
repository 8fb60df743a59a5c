import jax
import jax.numpy as jnp


def make_train(config):
    num_updates = config["NUM_UPDATES"]

    def train(rng):
        def _update_step(runner_state, unused):
            params, rng = runner_state
            rng, _rng = jax.random.split(rng)
            obs = jax.random.normal(_rng, (config["NUM_ENVS"], 4))
            q = obs @ params
            params = params - config["LR"] * obs.T @ (q - 1.0) / config["NUM_ENVS"]
            return (params, rng), jnp.mean(q)

        params = jnp.zeros((4, 2))
        runner_state, metrics = jax.lax.scan(_update_step, (params, rng), None, num_updates)
        return {"runner_state": runner_state, "metrics": metrics}

    return train
