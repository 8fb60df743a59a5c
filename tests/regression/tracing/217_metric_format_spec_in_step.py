"""Loss formatted with a format spec inside the jitted evaluation step.

Source: https://github.com/jax-ml/jax/issues/23475
"jax.debug.print() fails when passing value formatting": formatting a traced
value with a spec such as `{:.2f}` inside a compiled function raised
"TypeError: unsupported format string passed to DynamicJaxprTracer.__format__".
Here an evaluation step builds its progress message with an f-string and a
precision spec while being traced.

Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp


def describe(loss):
    return f"eval loss {loss:.4f}"  # expect: JAX202


@jax.jit
def eval_step(params, x, y):
    loss = jnp.mean((x @ params - y) ** 2)
    message = describe(loss)
    return loss, len(message)


def run():
    return eval_step(jnp.ones(3), jnp.ones((4, 3)), jnp.zeros(4))
