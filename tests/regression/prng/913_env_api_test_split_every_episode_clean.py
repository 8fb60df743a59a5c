"""Clean look-alike: environment API test loop that splits the key on every
iteration before ``init`` and acting.

Source: https://github.com/sotetsuk/pgx/pull/1158
``pgx/_src/api_test.py``: ``for _ in range(num): rng, subkey =
jax.random.split(rng); state = init(subkey)`` -- the carried key is advanced
each iteration and each subkey is used once.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def init(key):
    return {"board": jax.random.randint(key, (9,), 0, 3), "step": jnp.int32(0)}


def act_randomly(rng, legal_action_mask):
    logits = jnp.log(legal_action_mask.astype(jnp.float32))
    return jax.random.categorical(rng, logits)


def api_test_single(num=3):
    rng = jax.random.key(0)
    out = []
    for _ in range(num):
        rng, subkey = jax.random.split(rng)
        state = init(subkey)
        rng, subkey = jax.random.split(rng)
        action = act_randomly(subkey, state["board"] == 0)
        out.append(action)
    return out


def run():
    return api_test_single()
