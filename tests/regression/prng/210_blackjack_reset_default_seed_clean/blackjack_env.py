import jax
import jax.numpy as jnp

DECK = jnp.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10])


def _draw(key, n):
    return jax.random.choice(key, DECK, (n,))


@jax.jit
def _reset_fn(key):
    pkey, dkey = jax.random.split(key)
    player = _draw(pkey, 2)
    dealer = _draw(dkey, 2)
    return {"player": player, "dealer": dealer}, jnp.concatenate([player, dealer[:1]])


class JaxBlackjackEnv:
    """Gym-style wrapper around jittable reset/step functions."""

    def __init__(self, seed: int = 0):
        self._key = jax.random.PRNGKey(seed)
        self.state = None

    def reset(self):
        self._key, reset_key = jax.random.split(self._key)
        self.state, obs = _reset_fn(reset_key)
        return obs
