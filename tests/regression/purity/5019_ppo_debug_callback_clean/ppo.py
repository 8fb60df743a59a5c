import jax
import jax.numpy as jnp


def make_train(args):
    def train(rng):
        def _update_step(runner_state, unused):
            params, rng = runner_state
            rng, key = jax.random.split(rng)
            rewards = jax.random.uniform(key, (args["num_steps"], args["num_envs"]))
            dones = rewards > 0.8
            metric = {
                "timestep": jnp.cumsum(jnp.ones_like(rewards, dtype=jnp.int32), axis=0),
                "returned_episode": dones,
                "returned_episode_returns": jnp.cumsum(rewards, axis=0),
            }
            params = params + 0.01 * rewards.mean()

            if args["debug"]:

                def callback(info):
                    timesteps = info["timestep"][info["returned_episode"]] * args["num_envs"]
                    avg_return_values = jnp.mean(info["returned_episode_returns"][info["returned_episode"]])
                    if len(timesteps) > 0:
                        print(
                            f"timesteps={timesteps[0]} - {timesteps[-1]}, avg episodic return={avg_return_values:.2f}"
                        )

                jax.debug.callback(callback, metric)

            return (params, rng), metric

        runner_state = (jnp.float32(0.0), rng)
        runner_state, metric = jax.lax.scan(_update_step, runner_state, None, args["num_updates"])
        return runner_state, metric

    return train
