"""ngc-learn's optimiser utilities: the jitted `sgd_step` walks the list of weight tensors,
calls `step_update` on each and appends the result to `new_theta`, a list created inside the
jitted function itself, and returns it with the incremented time step. Appending to a local
list at trace time just builds the output pytree, so every call returns fresh parameters.

Source: https://github.com/NACLab/ngc-learn/blob/6cfadd53740a96ec0b6ae9e14ca146599477c82b/ngclearn/utils/optim/sgd.py#L16
Observed on jax 0.10.x: sgd_step compiled 1 times; 0 of 3 calls
"""
from jax import jit, numpy as jnp


def step_update(param, update, eta):
    _param = param - update * eta
    return _param


@jit
def sgd_step(opt_params, theta, updates, eta=0.001):  ## apply adjustment to theta
    time_step = opt_params
    time_step = time_step + 1
    new_theta = []
    for i in range(len(theta)):
        px_i = step_update(theta[i], updates[i], eta)
        new_theta.append(px_i)
    new_opt_params = time_step
    return new_opt_params, new_theta


@jit
def sgd_init(theta):
    return jnp.asarray(0.0)


def run():
    theta = [jnp.ones((3, 2)), jnp.zeros((2,))]
    updates = [jnp.full((3, 2), 0.5), jnp.ones((2,))]
    opt_params = sgd_init(theta)
    stale = 0
    for _ in range(3):
        prev = theta
        opt_params, theta = sgd_step(opt_params, theta, updates, 3e-2)
        stale += int(bool(jnp.allclose(prev[0], theta[0])))
    return stale
