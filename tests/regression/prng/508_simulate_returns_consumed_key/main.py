"""Key-piping API: ``simulate(key, args)`` returns the key it consumed, so callers reuse it.

Source: https://github.com/genjax-community/genjax/pull/454
Report: "The great key migration" -- GenJAX changed generative functions from piping the key
through (``key, tr = gen_fn.simulate(key, args)``) to JAX's idiom (split outside, pass the
subkey, do not return a key). With the piping convention a ``simulate`` that hands back the
key it used -- instead of a freshly split one -- makes every caller's next draw repeat.
run() draws three traces in a loop and counts traces equal to the first.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import numpy as np

from inference import draw_traces


def run():
    _, traces = draw_traces(jax.random.PRNGKey(0), 3)
    first = np.asarray(traces[0].choices)
    return sum(1 for tr in traces if np.array_equal(np.asarray(tr.choices), first))
