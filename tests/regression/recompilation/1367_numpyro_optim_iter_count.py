"""numpyro's `_NumpyroOptim.init` returned the iteration counter as a Python int 0, while `update`
returned the incremented count as an int32 jax array. The first call of the jitted SVI update saw
a weakly typed Python scalar and every later call a strongly typed int32 array, so the update
function was compiled twice; the fix emits a jax array for the count from init.

Source: https://github.com/pyro-ppl/numpyro/pull/603
Observed on jax 0.10.x: svi_update compiled 2 times
"""
import jax
import jax.numpy as jnp


class _NumpyroOptim:
    def __init__(self, step_size):
        self.step_size = step_size

    def init(self, params):
        return 0, params

    def update(self, g, state):
        i, params = state
        params = jax.tree_util.tree_map(lambda p, gi: p - self.step_size * gi, params, g)
        return i + jnp.array(1, dtype=jnp.int32), params


optim = _NumpyroOptim(1e-2)


def loss_fn(params):
    return jnp.sum((params["loc"] - 3.0) ** 2) + jnp.sum(params["scale"] ** 2)


@jax.jit
def svi_update(optim_state):
    params = optim_state[1]
    loss, grads = jax.value_and_grad(loss_fn)(params)
    return optim.update(grads, optim_state), loss


def run():
    optim_state = optim.init({"loc": jnp.zeros(3), "scale": jnp.ones(3)})
    for _ in range(3):
        optim_state, loss = svi_update(optim_state)  # expect: JAX406
    return None


if __name__ == "__main__":
    run()
