"""Clean look-alike of 008: the caller splits the key and ``simulate`` returns no key.

Source: https://github.com/genjax-community/genjax/pull/454
The post-migration idiom: ``key, sub_key = jax.random.split(key); tr = gen_fn.simulate(sub_key, args)``.
run() draws three traces in a loop and counts traces equal to the first (only the first).

Observed on jax 0.10.2: 1 of 3 calls
"""
import jax
import numpy as np

from inference import draw_traces


def run():
    _, traces = draw_traces(jax.random.PRNGKey(0), 3)
    first = np.asarray(traces[0].choices)
    return sum(1 for tr in traces if np.array_equal(np.asarray(tr.choices), first))
