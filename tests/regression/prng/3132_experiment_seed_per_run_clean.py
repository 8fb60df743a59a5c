"""JAX-ThermoEBM `run_experiment(exp_num)`: each repeated experiment builds its own root key
`jax.random.PRNGKey(exp_num)` (a different seed per experiment, on purpose, for reproducible
repeats), initialises the models by threading the key through the init functions, and carries the
key through `lax.scan` over the training batches, where every step splits it. A PRNGKey built
inside a loop, but from a seed that changes every iteration.

Source: https://github.com/PritRaj1/JAX-ThermoEBM/blob/78b69c2b5fc623ec269840fb66fef687add84a75/src/experiment.py#L30
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax
import jax.numpy as jnp

NUM_EXPERIMENTS = 3


def init_EBM(key):
    key, subkey = jax.random.split(key)
    return key, 0.1 * jax.random.normal(subkey, (4, 4))


def train_step(key, x, params):
    key, subkey = jax.random.split(key)
    noise = jax.random.normal(subkey, x.shape)
    grad = jax.grad(lambda p: jnp.sum((x + noise) @ p))(params)
    return key, params - 0.01 * grad, jnp.sum(noise)


jit_train_step = jax.jit(train_step)


def run_experiment(exp_num, train_x):
    key = jax.random.PRNGKey(exp_num)
    key, EBM_params = init_EBM(key)

    def train_batches(carry, x):
        key, params = carry
        key, params, loss = jit_train_step(key, x, params)
        return (key, params), loss

    (key, EBM_params), losses = jax.lax.scan(train_batches, (key, EBM_params), train_x)
    return EBM_params


def run():
    train_x = jnp.ones((5, 2, 4))
    results = [run_experiment(i, train_x) for i in range(NUM_EXPERIMENTS)]
    return sum(int(bool(jnp.allclose(results[i], results[(i + 1) % NUM_EXPERIMENTS]))) for i in range(NUM_EXPERIMENTS))
