"""Progress message formats the traced loss with an f-string format spec.

Source: https://github.com/jax-ml/jax/pull/11770
The PR explains that users write `jax.debug.print(f"{x}", x=x)`: the f-string formats the
tracer at trace time instead of the runtime value.  With a format spec such as `:.4f`,
formatting a tracer fails outright.  Here an evaluation step builds its status line
with an f-string inside jit.

Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp


def status_line(step, loss):
    return f"step {step}: loss={loss:.4f}"  # expect: JAX202


@jax.jit
def eval_step(w, x, y):
    loss = jnp.mean((x @ w - y) ** 2)
    jax.debug.print(status_line(0, loss))
    return loss


def run():
    return eval_step(jnp.ones(3), jnp.ones((4, 3)), jnp.zeros(4))
