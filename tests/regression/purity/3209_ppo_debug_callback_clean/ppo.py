import jax
import jax.numpy as jnp


def make_train(config):
    def train(rng):
        def _update_step(runner_state, unused):
            params, t, rng = runner_state
            rng, _rng = jax.random.split(rng)
            rewards = jax.random.uniform(_rng, (config["NUM_STEPS"], config["NUM_ENVS"]))
            done = rewards > 0.8
            params = params + 0.01 * rewards.mean()
            t = t + config["NUM_STEPS"]
            metric = {
                "returned_episode_returns": jnp.where(done, rewards * 10.0, 0.0),
                "returned_episode": done,
                "timestep": jnp.broadcast_to(t, done.shape),
            }

            # Debugging mode
            if config.get("DEBUG"):
                def callback(info):
                    return_values = info["returned_episode_returns"][info["returned_episode"]]
                    timesteps = info["timestep"][info["returned_episode"]] * config["NUM_ENVS"]
                    for t in range(len(timesteps)):
                        print(f"global step={timesteps[t]}, episodic return={return_values[t]}")
                jax.debug.callback(callback, metric)

            return (params, t, rng), metric

        runner_state = (jnp.zeros(()), jnp.zeros((), jnp.int32), rng)
        runner_state, metric = jax.lax.scan(_update_step, runner_state, None, config["NUM_UPDATES"])
        return {"runner_state": runner_state, "metrics": metric}

    return train
