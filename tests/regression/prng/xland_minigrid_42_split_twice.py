"""Rebuilt from https://github.com/dunnolab/xland-minigrid/issues/42: after
`rng, _rng1, _rng2 = split(rng, 3)` the new `rng` is split twice, so rulesets and resets get the
same keys."""
import jax


def make_keys(rng, num_envs):
    rng, _rng1, _rng2 = jax.random.split(rng, num=3)
    ruleset_rng = jax.random.split(rng, num=num_envs)
    reset_rng = jax.random.split(rng, num=num_envs)  # expect: JAX504
    return rng, ruleset_rng, reset_rng
