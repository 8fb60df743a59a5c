"""PPO in lop-jax (purejaxrl style): the whole training run is one jitted ``train`` with a
``lax.scan`` over updates. Progress reporting is done the staged way: when ``args.debug`` (a
plain config bool) is set, the scan body calls ``jax.debug.callback(callback, metric)`` and the
host-side ``callback`` does the boolean-mask indexing, ``len()``, f-string formatting and
``print`` on concrete NumPy values, once per update, every run.

Source: https://github.com/KevinGuo27/lop-jax/blob/52ae3eb0702a9e6923f252c1f7cb29340eb5b3d5/rlopt/ppo_stationary.py#L370
Observed on jax 0.10.x: 4 of 4 calls
"""
import contextlib
import io

import jax

from ppo import make_train


def run():
    args = {"num_steps": 8, "num_envs": 4, "num_updates": 4, "debug": True}
    train_jit = jax.jit(make_train(args))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        out = train_jit(jax.random.PRNGKey(0))
        jax.block_until_ready(out)
        jax.effects_barrier()
    return sum("avg episodic return" in line for line in buf.getvalue().splitlines())


if __name__ == "__main__":
    run()
