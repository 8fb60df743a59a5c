"""An inference benchmark stores the model output in a global inside `jit`.

Source: https://github.com/google/flax/issues/3251
The reporter benchmarked a Flax model with `@jax.jit def infer(x): output =
model.apply(params, x); return output` (36 it/s) and then with a variant that
did `global output; output = model.apply(params, x)` and returned nothing
(1228 it/s), concluding that "inference with global variables consumes less
GPU RAM and is faster".  Rebinding a global inside the traced function only
happens at trace time and stores a tracer; the compiled function has no
outputs, so XLA removes the whole forward pass and the benchmark times an
empty program.

Here `run()` times the global-output `infer` over a few batches and counts the
calls that gave back no prediction.

Observed on jax 0.10.2: 5 of 5 calls
"""
import jax
import jax.numpy as jnp


def init_params(key, sizes=(16, 64, 64, 10)):
    keys = jax.random.split(key, len(sizes) - 1)
    return [
        {"w": jax.random.normal(k, (a, b)) / jnp.sqrt(a), "b": jnp.zeros(b)}
        for k, a, b in zip(keys, sizes[:-1], sizes[1:])
    ]


def apply(params, x):
    for layer in params[:-1]:
        x = jax.nn.relu(x @ layer["w"] + layer["b"])
    return x @ params[-1]["w"] + params[-1]["b"]


params = init_params(jax.random.PRNGKey(0))
output = None


@jax.jit
def infer(x):
    global output
    output = apply(params, x)  # expect: JAX103


def run():
    missing = 0
    for i in range(5):
        result = infer(jnp.ones((8, 16)) * i)
        missing += int(result is None)
    return missing
