"""A research notebook ("superfluid" dataflow-matrix networks) optimises a dict-of-dicts of
weights with optax.adam. The author decorated the optimisation `step` with @jax.jit but kept the
eager-mode instrumentation inside it: `start_time = time.time()`, `print("about to compute
gradient")` and `print(time.time()-start_time, " seconds to compute gradient")` around each phase.
Under jit those lines run once while tracing (reporting the trace time, not the gradient time)
and never again; the commit message that followed reads "printing still does not work".

Source: https://github.com/anhinga/2024-jax-drafts/blob/1fbf71a4362bdbf2169af0413e3dfa2b585d1bd8/superfluid/jit-attempt/run_both_networks.py#L83
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

import jax.numpy as jnp

from optim import optimizer, step


def run():
    changing_output = {"dict-1": {":number": jnp.array(0.5, jnp.float32)}, "dict-2": {":number": jnp.array(0.5, jnp.float32)}}
    target = [1.0, 2.0]
    opt_state = optimizer.init(changing_output)
    printed = 0
    for n_step in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            changing_output, opt_state, loss = step(changing_output, opt_state, target)
        printed += "seconds to compute gradient" in buf.getvalue()
    return printed
