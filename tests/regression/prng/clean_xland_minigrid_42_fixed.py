"""Clean look-alike from https://github.com/dunnolab/xland-minigrid/issues/42 (the fix): each
batch of keys comes from its own split key."""
import jax


def make_keys(rng, num_envs):
    rng, _rng1, _rng2 = jax.random.split(rng, num=3)
    ruleset_rng = jax.random.split(_rng1, num=num_envs)
    reset_rng = jax.random.split(_rng2, num=num_envs)
    return rng, ruleset_rng, reset_rng
