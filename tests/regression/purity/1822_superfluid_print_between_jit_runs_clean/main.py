"""Resolution of the "superfluid" jit attempt, committed as "the easiest way is to print (and
pickle and so on) between jit runs": the jitted scan over optimisation steps returns its per-step
losses, and the driver loop in plain Python prints them and pickles the checkpoint between calls of
the jitted `n_steps`. Clean look-alike: print, time.time and file writes sit next to jitted calls,
but only in host code.

Source: https://github.com/anhinga/2024-jax-drafts/blob/6f9d256271395979d9b90733bc5e1adc06d46008/superfluid/jit-attempt/run_both_networks.py#L125
Observed on jax 0.10.x: 3 of 3 calls
"""
import contextlib
import io
import os
import pickle
import tempfile
import time

import jax.numpy as jnp

from train import n_steps, optimizer


def run():
    changing_output = {"w": jnp.zeros(4, jnp.float32)}
    opt_state = optimizer.init(changing_output)
    ckpt_dir = tempfile.mkdtemp()
    printed = 0
    for outer in range(3):
        start_time = time.time()
        changing_output, opt_state, losses = n_steps(changing_output, opt_state)
        with open(os.path.join(ckpt_dir, "changing_output.pkl"), "wb") as f:
            pickle.dump(changing_output, f)
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            print(time.time() - start_time, " seconds for 3 steps + checkpoint")
            for n_step, loss in enumerate(losses.tolist()):
                print(f"step: {3 * outer + n_step} loss: {loss:.4f}")
        printed += buf.getvalue().count("step:") == 3
    return printed
