"""Scenic's polynomial LR factor clamps the traced step with builtin ``min``.

Source: https://github.com/google-research/scenic/commit/da0a6a321907d34a9915aab26de41a19fb9be3a3
("Fixed ``ConcretizationTypeError`` in polynomial learning rate scheduler.")

``compound_lr_scheduler(config)`` returns ``lr_fn(step)``, which multiplies the
factors named in ``config['factors']``; the ``polynomial`` factor started with
``step = min(decay_steps, step)``. Scenic calls ``lr_fn`` from inside the jitted
train step with the traced global step, and Python's ``min`` must compare
``decay_steps`` with a tracer. The fix used a multiplicative mask
``decay = step <= decay_steps`` instead.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


def linear_warmup_scheduler(step, warmup_steps, alpha=0.0):
    return jnp.minimum(1.0, alpha + step * (1.0 - alpha) / warmup_steps)


def polynomial_lr_scheduler(step, decay_steps, end_factor, power):
    """Same behavior as tf.train.polynomial_decay, as a factor of the base lr."""
    step = min(decay_steps, step)  # expect: JAX206
    decayed_learning_rate = (1 - end_factor) * (1 - step / decay_steps) ** power + end_factor
    return decayed_learning_rate


def compound_lr_scheduler(config):
    ratio_factors = [n.strip() for n in config["factors"].split("*")]

    def lr_fn(step):
        ratio = 1.0
        for name in ratio_factors:
            if name == "constant":
                ratio *= config["base_learning_rate"]
            elif name == "linear_warmup":
                ratio *= linear_warmup_scheduler(step, config["warmup_steps"])
            elif name == "polynomial":
                ratio *= polynomial_lr_scheduler(step, config["decay_steps"], config["end_factor"], config["power"])
        return jnp.asarray(ratio, dtype=jnp.float32)

    return lr_fn


CONFIG = {"factors": "constant * linear_warmup * polynomial", "base_learning_rate": 0.1,
          "warmup_steps": 10, "decay_steps": 100, "end_factor": 0.01, "power": 2.0}
learning_rate_fn = compound_lr_scheduler(CONFIG)


@jax.jit
def train_step(params, step, x, y):
    lr = learning_rate_fn(step)
    grads = jax.grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
    return params - lr * grads, lr


def run():
    params = jnp.zeros(3)
    x, y = jnp.ones((4, 3)), jnp.ones(4)
    for step in range(3):
        params, lr = train_step(params, jnp.int32(step), x, y)
    return params
