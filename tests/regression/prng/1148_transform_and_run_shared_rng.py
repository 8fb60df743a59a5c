"""Haiku's ``transform_and_run`` test helper gives ``init`` and ``apply`` the same ``rng``.

Source: https://github.com/google-deepmind/dm-haiku/commit/96ecde6adecd8ac41827fe90a4129cf8e6108d61
("Fix some PRNG key re-use in Haiku", haiku/_src/test_utils.py)

Before the fix ``test_utils.transform_and_run`` built one
``rng = random.PRNGKey(seed)`` and ran ``params, state = init(rng)`` followed by
``out, state = apply(params, state, rng)`` (``summarise.eval_summary`` and the
attention/stateful tests did the same). Haiku derives every ``hk.next_rng_key()``
from that rng in order, so the first key ``apply`` hands out (here: to dropout) is
the key ``init`` spent on the first parameter initializer: the dropout mask is
the weight initializer's uniform draw thresholded at the keep rate. The fix uses
``PRNGKey(seed)`` for init and ``PRNGKey(seed + 1)`` for apply. The transform is
reduced here to its rng sequence and parameter store. ``run()`` counts the seeds
whose dropout mask can be read off the initial weights.

Observed on jax 0.10.2: 6 of 6 calls
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import random


class PRNGSequence:
    def __init__(self, key):
        self._key = key

    def take(self):
        self._key, subkey = random.split(self._key)
        return subkey


class Frame:
    """What ``hk.transform_with_state`` keeps while ``f`` runs."""

    def __init__(self, params, state, rng):
        self.params = {} if params is None else params
        self.state = {} if state is None else state
        self.rng_seq = None if rng is None else PRNGSequence(rng)

    def next_rng_key(self):
        return self.rng_seq.take()

    def get_parameter(self, name, shape, init):
        if name not in self.params:
            self.params[name] = init(shape, self.next_rng_key())
        return self.params[name]


def transform_with_state(f):
    def init(rng, *args, **kwargs):
        frame = Frame(None, None, rng)
        f(frame, *args, **kwargs)
        return frame.params, frame.state

    def apply(params, state, rng, *args, **kwargs):
        frame = Frame(dict(params), dict(state), rng)
        out = f(frame, *args, **kwargs)
        return out, frame.state

    return init, apply


def uniform_scaling(scale=1.0):
    def init(shape, key):
        limit = np.sqrt(3.0 * scale / shape[0])
        return random.uniform(key, shape, minval=-limit, maxval=limit)
    return init


def linear(frame, x, output_size, w_init):
    w = frame.get_parameter("w", (x.shape[-1], output_size), w_init)
    return x @ w


def dropout(frame, rate, x):
    keep_rate = 1.0 - rate
    keep = random.bernoulli(frame.next_rng_key(), keep_rate, x.shape)
    return keep * x / keep_rate


def transform_and_run(f=None, seed=42, run_apply=True):
    """Transforms ``f`` and runs ``init`` then ``apply`` on it."""
    if f is None:
        return functools.partial(transform_and_run, seed=seed, run_apply=run_apply)

    @functools.wraps(f)
    def wrapper(*a, **k):
        rng = random.PRNGKey(seed) if seed is not None else None
        init, apply = transform_with_state(lambda frame: f(frame, *a, **k))
        params, state = init(rng)
        if run_apply:
            out, state = apply(params, state, rng)  # missed: JAX501 (`init` and `apply` come back from a function of the module as a pair of closures: their consumption of the key is not followed)
            return out, params
        return None, params

    return wrapper


IN, OUT, RATE = 16, 8, 0.5


def mlp_layer(frame, x):
    h = linear(frame, x, OUT, w_init=uniform_scaling())
    return dropout(frame, RATE, jnp.ones_like(h))


def run():
    x = jnp.ones((IN, IN))  # batch size == fan-in, so the mask and w have one shape
    limit = np.sqrt(3.0 / IN)
    hits = 0
    for seed in range(6):
        out, params = transform_and_run(mlp_layer, seed=seed)(x)
        kept = np.asarray(out) > 0
        u = (np.asarray(params["w"]) + limit) / (2 * limit)
        hits += int(np.array_equal(kept, u < 1.0 - RATE))
    return hits
