"""A deep-RL experiments repo keeps NN helpers in jax_nn_utils.py. To pick an action
from Q-value logits it jits `softmax_sample_jit(x, eps)`, which walks the softmax
probabilities with a Python for loop, accumulates them and returns the index as soon as
`cumprob > eps` -- a Python `if` on a traced comparison. Under @jit both `prob` and `eps`
are tracers, so the first call of `softmax_sample` fails while tracing.

Source: https://github.com/bcolloran/deep_rl_experiments/blob/775d185e601c5c1a6700f31ed3e5efddccb1c94b/jax/jax_nn_utils.py#L37
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax.numpy as jnp

from jax_nn_utils import softmax_sample


def run():
    q_logits = jnp.array([0.1, 2.0, -1.0, 0.5])
    return softmax_sample(q_logits)
