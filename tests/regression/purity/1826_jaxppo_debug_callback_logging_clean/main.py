"""jaxppo (a PureJaxRL-style PPO) jits the whole training run: `make_train(...)` closes over Python
flags `log`, `log_video`, `save` and returns a @jax.jit `train(key)` whose update step runs under
lax.scan. Inside the scanned step, evaluation rewards are sent to wandb with
`jax.debug.callback(log_variables, rewards_to_log)`, and checkpoints are written by a
`jax.debug.callback` placed in one branch of `jax.lax.cond(check_update_frequency(...), ...)`.
Clean look-alike: host logging and model saving from inside jitted, scanned code, but through
callbacks that run on every step, gated by static closure flags.

Source: https://github.com/YannBerthelot/jaxppo/blob/bd5d2898a86282d922b3c055e4e7e8e9029c162f/jaxppo/train.py#L901
Observed on jax 0.10.x: 5 of 5 calls
"""
import jax

import logging_utils
from train import make_train


def run():
    train = make_train(num_updates=5, save_frequency=2)
    jax.block_until_ready(train(jax.random.PRNGKey(0)))
    jax.effects_barrier()
    return len(logging_utils.LOGGED) if len(logging_utils.SAVED) == 3 else -1
