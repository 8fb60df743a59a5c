"""flashbax: buffer mixer's `can_sample` uses Python `all()` on traced flags.

Source: https://github.com/instadeepai/flashbax/commit/989976c272cba666277efc7038c27a54df2880df
(flashbax, "fix: issue with can_sample not being jittable").

`make_mixer` combines several replay buffers. Its `can_sample` maps each
buffer's own `can_sample(state)` (a traced boolean array under jit) over the
buffer states and then returns the builtin `all(each_can_sample)`. Outside jit
this works on concrete arrays; under `jax.jit(mixer.can_sample)` Python's `all`
converts each traced flag to `bool`. The fix stacks the flags and returns
`jnp.all(...)`. The hazard sits in `mixer.py`, the buffers in `buffers.py`
(package layout).

Observed on jax 0.10.2: raises TracerBoolConversionError
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
