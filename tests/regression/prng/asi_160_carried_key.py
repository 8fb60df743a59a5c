"""Rebuilt from https://github.com/SlopDotCash/asi/issues/160: a dream step splits the carried
key, seeds a rollout with the post-split key and also returns that key in the scan carry, so the
next dream re-derives the rollout's keys."""
import jax
import jax.random as jr


def rollout(key, state, horizon):
    for _ in range(horizon):
        key, sample_key = jr.split(key)
        state = state + jr.normal(sample_key)
    return state


def dream(key, state, num_dreams):
    def dream_step(carry, _):
        key, state = carry
        key, candidate_key = jr.split(key)
        candidate = jr.normal(candidate_key)
        state = rollout(key, state + candidate, 3)  # expect: JAX503,JAX504
        return (key, state), state

    return jax.lax.scan(dream_step, (key, state), None, length=num_dreams)
