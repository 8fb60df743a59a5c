"""A function that draws from its key only in the branch a constant argument selects (jaxrl_m's
`sample_actions(..., seed=key, argmax=True)` returns the mean and draws nothing): a call leading
the test the other way leaves the key unconsumed, so the key may go to a call that draws.

Measured on jax 0.10.2 (run with python bench/measure_branch_selected_keys.py):
    argmax=True after a draw: no KeyReuseError; output independent of the key: True
    argmax=False after a draw: KeyReuseError
    deterministic=True (early return) after a draw: no KeyReuseError
"""

import functools

import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)


@functools.partial(jax.jit, static_argnames=("argmax",))
def sample_actions(mean, *, seed, argmax=False):
    if argmax:
        actions = mean
    else:
        actions = mean + jax.random.normal(seed, mean.shape)
    return jnp.clip(actions, -1, 1)


def act(mean, key, deterministic=False):
    if deterministic:
        return mean
    return mean + jax.random.normal(key, mean.shape)


def after_a_draw(label, again):
    key = jax.random.key(1)
    mean = jnp.zeros(3)
    sample_actions(mean, seed=key)
    try:
        out = again(mean, key)
    except Exception as error:  # KeyReuseError
        print(f"{label}: {type(error).__name__}")
        return None
    return out


out = after_a_draw("argmax=True after a draw", lambda m, k: sample_actions(m, seed=k, argmax=True))
other = sample_actions(jnp.zeros(3), seed=jax.random.key(7), argmax=True)
print("argmax=True after a draw: no KeyReuseError; output independent of the key:", bool(jnp.array_equal(out, other)))
after_a_draw("argmax=False after a draw", lambda m, k: sample_actions(m, seed=k, argmax=False))
if after_a_draw("deterministic=True", lambda m, k: act(m, k, deterministic=True)) is not None:
    print("deterministic=True (early return) after a draw: no KeyReuseError")
