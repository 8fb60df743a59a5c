"""flashbax (clean look-alike): mixer `can_sample` reduces traced flags with `jnp.all`.

Source: https://github.com/instadeepai/flashbax/commit/989976c272cba666277efc7038c27a54df2880df
(flashbax, "fix: issue with can_sample not being jittable").

`make_mixer` combines several replay buffers. Its `can_sample` maps each
buffer's own `can_sample(state)` (a traced boolean array under jit) over the
buffer states and then returns the builtin `all(each_can_sample)`. Outside jit
this works on concrete arrays; under `jax.jit(mixer.can_sample)` Python's `all`
converts each traced flag to `bool`. This is the fixed version: the flags are
stacked with `jnp.asarray` and reduced with `jnp.all`, which stays traced. The
caller's `if can_sample:` runs outside jit on a concrete array (fine).

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from .buffers import make_flat_buffer
from .mixer import make_mixer


def run():
    buffer_a = make_flat_buffer(max_length=16, min_length=2, sample_batch_size=4)
    buffer_b = make_flat_buffer(max_length=16, min_length=2, sample_batch_size=4)
    item = jnp.zeros((3,))
    states = [buffer_a[0](item), buffer_b[0](item)]
    for _ in range(3):
        states = [buffer_a[1](states[0], item + 1.0), buffer_b[1](states[1], item + 2.0)]
    mixer = make_mixer([buffer_a, buffer_b], proportions=[2, 2])
    can_sample = jax.jit(mixer.can_sample)(states)
    if can_sample:
        return jax.jit(mixer.sample)(states, jax.random.key(0))
    return None
