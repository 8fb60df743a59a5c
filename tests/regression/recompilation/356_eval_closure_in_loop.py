"""A closure over the current batch defined and jitted inside the evaluation loop.

Source: https://github.com/jax-ml/jax/pull/19129
The PR adding jax.explain_cache_misses lists "jit being passed a new callable
object on every iteration of a loop" as a common cause of retracing and
recompiling (its EXAMPLE 3 redefines `jax.jit(lambda x: 2 * x)` in a loop).
Here a validation loop defines a closure over each batch and jits it.

Observed on jax 0.10.2: forward compiled 3 times
"""
import jax
import jax.numpy as jnp


def predict(params, x):
    return jax.nn.log_softmax(x @ params["w"] + params["b"])


def evaluate(params, val_batches):
    accs = []
    for x, labels in val_batches:
        def forward(p):
            return predict(p, x)

        logits = jax.jit(forward)(params)  # expect: JAX401
        accs.append(jnp.mean(jnp.argmax(logits, -1) == labels))
    return jnp.mean(jnp.stack(accs))


def run():
    key = jax.random.PRNGKey(0)
    params = {"w": jax.random.normal(key, (6, 3)), "b": jnp.zeros(3)}
    xs = jax.random.normal(key, (3, 10, 6))
    batches = [(xs[i], jnp.arange(10) % 3) for i in range(3)]
    return evaluate(params, batches)
