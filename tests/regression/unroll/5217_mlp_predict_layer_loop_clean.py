"""MNIST MLP from scratch: `predict(params, image)` does
`for w, b in params[:-1]:` (forward propagation through the hidden layers) and is vmapped and
differentiated inside the jitted `update(params, x, y, step_size)`. The loop runs over the list of
(w, b) pairs — three layers for layer_sizes [784, 512, 256, 10] — so its length is fixed by the
architecture, not by the data, and unrolling it is the intended way to write an MLP.

Source: https://github.com/WilliamZhang20/ML-in-JAX/blob/9d607a2d0f1dd67bb95ccb05f2eae4c96f8e202e/train_utils.py#L24
Observed on jax 0.10.x: update compiled 1 times
"""
import jax.numpy as jnp
from jax import grad, jit, random, vmap
from jax.scipy.special import logsumexp

layer_sizes = [16, 12, 8, 10]


def relu(x):
    return jnp.maximum(0, x)


def predict(params, image):
    activations = image
    for w, b in params[:-1]:  # Forward Propagation through the neural network
        outputs = jnp.dot(w, activations) + b  # <- Application of each layer's linear transformation
        activations = relu(outputs)

    final_w, final_b = params[-1]
    logits = jnp.dot(final_w, activations) + final_b
    return logits - logsumexp(logits)


batched_predict = vmap(predict, in_axes=(None, 0))


def loss(params, images, targets):
    preds = batched_predict(params, images)
    return -jnp.mean(preds * targets)


@jit  # update conducting gradient descent
def update(params, x, y, step_size):
    grads = grad(loss)(params, x, y)
    return [(w - step_size * dw, b - step_size * db)
            for (w, b), (dw, db) in zip(params, grads)]


def run():
    keys = random.split(random.PRNGKey(0), len(layer_sizes))
    params = [(1e-2 * random.normal(k, (n, m)), jnp.zeros(n))
              for m, n, k in zip(layer_sizes[:-1], layer_sizes[1:], keys)]
    x = jnp.ones((8, 16))
    y = jnp.eye(10)[jnp.arange(8) % 10]
    for step in range(3):
        params = update(params, x, y, 0.01)
    return params
