import jax
import jax.numpy as jnp


@jax.jit
def episode_stats(lengths, returns):
    # summary of the episodes that finished during this update
    return {
        "perf/episode_length": jnp.mean(lengths),
        "perf/returns": jnp.mean(returns),
        "perf/success_rate": jnp.mean(returns == 1.0),
    }


class Agent:
    def __init__(self, log_frequency=1):
        self.log_frequency = log_frequency
        self.history = []

    def log(self, logs):
        if "done_mask" in logs:
            mask = jnp.asarray(logs.pop("done_mask"), dtype=jnp.bool_)  # (T, N)
            lengths = logs.pop("episode_length")
            returns = logs.pop("returns")
            # only the completed episodes: how many finished varies every update
            logs.update(episode_stats(lengths[mask], returns[mask]))  # expect: JAX404
        self.history.append({k: float(v) for k, v in logs.items()})
