import jax
import jax.numpy as jnp


class QNetwork:
    """Small stand-in for the flax QNetwork: `apply(params, obs, method=...)`."""

    def __init__(self, hidden=16, action_dim=4):
        self.hidden, self.action_dim = hidden, action_dim

    def init(self, key, obs):
        k1, k2 = jax.random.split(key)
        return {"torso": jax.random.normal(k1, (obs.shape[-1], self.hidden)) * 0.1,
                "head": jax.random.normal(k2, (self.hidden, self.action_dim)) * 0.1}

    def features(self, params, obs):
        return jax.nn.relu(obs @ params["torso"])

    def __call__(self, params, obs):
        return self.features(params, obs) @ params["head"]

    def apply(self, params, obs, method=None):
        return (method or self.__call__)(params, obs)


def get_all_observations(H, W, has_key, has_key2):
    locations = [(r, c) for r in range(H) for c in range(W)]
    rows = jnp.array([r for r, _ in locations], dtype=jnp.float32)
    cols = jnp.array([c for _, c in locations], dtype=jnp.float32)
    flags = jnp.broadcast_to(jnp.array([has_key, has_key2], dtype=jnp.float32), (len(locations), 2))
    obs_batch = jnp.concatenate([rows[:, None] / H, cols[:, None] / W, flags], axis=1)
    return obs_batch, locations
