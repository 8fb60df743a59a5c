"""Clean look-alike: the polynomial LR factor clamps the step with a traced mask.

Source: https://github.com/google-research/scenic/commit/da0a6a321907d34a9915aab26de41a19fb9be3a3

The fixed ``polynomial_lr_scheduler`` computes ``decay = step <= decay_steps``
and multiplies it in, so the factor works on the traced global step inside the
jitted train step (and is constant ``end_factor`` after ``decay_steps``).

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def linear_warmup_scheduler(step, warmup_steps, alpha=0.0):
    return jnp.minimum(1.0, alpha + step * (1.0 - alpha) / warmup_steps)


def polynomial_lr_scheduler(step, decay_steps, end_factor, power):
    """Same behavior as tf.train.polynomial_decay, as a factor of the base lr."""
    decay = step <= decay_steps
    decayed_learning_rate = (1 - end_factor) * (decay * (1 - step / decay_steps)) ** power + end_factor
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
