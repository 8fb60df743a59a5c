"""BatchNorm-style running statistics written into a dict held by the layer.

Source: https://github.com/patrick-kidger/equinox/issues/37
The reporter asks why module fields are frozen, since that makes layers with running
state such as BatchNorm harder; the maintainer answers that JAX values are immutable
and state must be updated out-of-place.  Here a hand-rolled BatchNorm keeps its running
mean in a mutable dict and updates it inside the jitted training forward pass; the dict
ends up holding a tracer, which the eager evaluation path then touches.

Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import jax
import jax.numpy as jnp


class RunningBatchNorm:
    def __init__(self, features, momentum=0.9):
        self.momentum = momentum
        self.stats = {"mean": jnp.zeros(features), "var": jnp.ones(features)}

    def train_forward(self, x):
        mean = x.mean(axis=0)
        var = x.var(axis=0)
        m = self.momentum
        self.stats["mean"] = m * self.stats["mean"] + (1 - m) * mean  # expect: JAX104
        self.stats["var"] = m * self.stats["var"] + (1 - m) * var  # expect: JAX104
        return (x - mean) / jnp.sqrt(var + 1e-5)

    def eval_forward(self, x):
        return (x - self.stats["mean"]) / jnp.sqrt(self.stats["var"] + 1e-5)


def run():
    bn = RunningBatchNorm(4)
    train = jax.jit(bn.train_forward)
    x = jnp.arange(32.0).reshape(8, 4)
    train(x).block_until_ready()
    return bn.eval_forward(x)
