"""PureJaxRL PPO in an analog-circuit fork: with `DEBUG` set, `_update_step` (the body of the
jitted training scan) defines a `callback` that masks the episode returns with the boolean
`returned_episode` array and prints one line per finished episode, and hands it to
`jax.debug.callback(callback, metric)`. The callback runs on the host with concrete NumPy
values at every update, so the prints, the boolean-mask indexing and `len()` are all fine
(all 7 finished episodes of the run are printed).

Source: https://github.com/kmcho2019/purejaxrl_Analog_RL/blob/c2b92c250658fa1927e6d87bc204d946ec42c8f8/purejaxrl/ppo.py#L256
Observed on jax 0.10.x: train compiled 1 times; 7 of 7 calls
"""
import contextlib
import io

import jax

from ppo import make_train


def run():
    config = {"NUM_STEPS": 4, "NUM_ENVS": 3, "NUM_UPDATES": 4, "DEBUG": True}
    train_jit = jax.jit(make_train(config))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        out = train_jit(jax.random.PRNGKey(0))
        jax.block_until_ready(out)
        jax.effects_barrier()
    # number of episode lines printed on the host, one per finished episode
    return buf.getvalue().count("global step=")
