import jax
import jax.numpy as jnp


def make_policy(action_dim=2, stddev_schedule=(1.0, 0.1, 100)):
    init, final, duration = stddev_schedule

    def policy(params, key, observation, step):
        mean = jnp.tanh(observation @ params["w"])
        mix = jnp.clip(step / duration, 0.0, 1.0)
        stddev = (1.0 - mix) * init + mix * final
        return mean + stddev * jax.random.normal(key, mean.shape), stddev

    return policy
