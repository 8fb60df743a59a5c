"""A jitted eval step builds a log line with ``f"{loss:.4f}"`` from a traced value.

Source: https://github.com/jax-ml/jax/issues/26296
Report: "Support for f-strings in debug.print" -- f-string formatting of a traced value does
not work inside transformed code (the issue proposes a ``Tracer.__format__`` that would turn
an f-string into a ``jax.debug.print`` template); today a format spec on a tracer fails while
tracing. Here an evaluation helper returns a formatted summary string from inside ``jit``.

Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp


def summarize(metrics):
    return f"loss={metrics['loss']:.4f} acc={metrics['acc']:.3f}"  # expect: JAX202


@jax.jit
def eval_step(params, x, y):
    logits = x @ params
    loss = jnp.mean((logits - y) ** 2)
    acc = jnp.mean(jnp.sign(logits) == jnp.sign(y))
    metrics = {"loss": loss, "acc": acc}
    return metrics, summarize(metrics)


def run():
    return eval_step(jnp.ones(3), jnp.eye(3), jnp.array([1.0, -1.0, 1.0]))
