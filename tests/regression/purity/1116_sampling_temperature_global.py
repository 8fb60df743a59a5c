"""A global sampling temperature annealed in the driver loop is frozen into the jitted sampler.

Source: https://livebook.manning.com/learn/concepts/side-effect--domain-concept/deep-learning-with-jax
("A side effect can disappear after JIT tracing": a function that multiplies by
``global_state`` keeps the traced value; "changing global_state afterward does not
change the cached compiled behavior")

The sampler reads a module-level ``TEMPERATURE`` that the generation loop lowers
after every step. ``sample_logits`` is jitted and the global is read while
tracing, so every later call keeps dividing by the first temperature. Three
annealed calls are compared with the value they should have produced.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

TEMPERATURE = 1.0


@jax.jit
def tempered_log_probs(logits):
    return jax.nn.log_softmax(logits / TEMPERATURE)  # expect: JAX108


def generate(logits, schedule):
    """Anneal the sampling temperature step by step and collect the log-probs."""
    global TEMPERATURE
    outputs = []
    for t in schedule:
        TEMPERATURE = t
        outputs.append(tempered_log_probs(logits))
    return outputs


def run():
    logits = jnp.array([2.0, 1.0, 0.5, -1.0])
    schedule = (1.0, 0.7, 0.5, 0.3)
    outputs = generate(logits, schedule)
    stale = 0
    for t, got in zip(schedule[1:], outputs[1:]):
        want = np.asarray(jax.nn.log_softmax(logits / t))
        stale += int(not np.allclose(np.asarray(got), want, atol=1e-6))
    return stale
