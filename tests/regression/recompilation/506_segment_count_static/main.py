"""Graph readout whose `num_segments` static argument changes from batch to batch.

Source: https://github.com/patrick-kidger/equinox/issues/903
The user's module uses `ops.segment_sum`, whose `num_segments` must be static; the jitted
training step "is slower than not jitting at all ... I suspect that this is because jit is
recompiling every time because it is assuming that num_segments changes from batch to batch".
Here the number of graphs per batch really varies, and it is passed as the static argument.

Observed on jax 0.10.2: aggregate compiled 3 times
"""
import numpy as np

from data import batches
from layers import aggregate


def run():
    rng = np.random.default_rng(1)
    out = None
    for msgs, seg, n_graphs in batches(8, 32, rng):
        out = aggregate(msgs, seg, num_segments=n_graphs)  # expect: JAX403
    return out
