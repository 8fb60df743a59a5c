import equinox as eqx
import jax


def make_model(key):
    # Use a model that includes a non-array (the activation function) in its pytree
    k1, k2 = jax.random.split(key)
    return eqx.nn.Sequential([
        eqx.nn.Linear(2, 8, key=k1),
        eqx.nn.Lambda(jax.nn.relu),
        eqx.nn.Linear(8, 1, key=k2),
    ])


def loss_fn(model, x, y):
    pred = jax.vmap(model)(x)
    return ((pred - y) ** 2).mean()
