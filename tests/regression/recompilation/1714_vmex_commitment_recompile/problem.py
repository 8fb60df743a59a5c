import jax
import jax.numpy as jnp


def residuals(x, target):
    return jnp.sin(x) * 2.0 - target


@jax.jit
def residual_value_and_gradient(x, target):
    r = residuals(x, target)
    value = 0.5 * jnp.sum(r**2)
    grad = jax.grad(lambda z: 0.5 * jnp.sum(residuals(z, target) ** 2))(x)
    return value, grad


def host_step(x, grad, lr=0.1):
    # the host-side line search hands back a device-pinned (committed) iterate
    return jax.device_put(x - lr * grad, jax.devices()[0])
