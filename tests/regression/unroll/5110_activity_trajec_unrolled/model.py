import jax
import jax.numpy as jnp


def forward(weights, x):
    act = [jnp.expand_dims(x, 1)]
    for layer in range(len(weights)):
        act.append(jax.nn.sigmoid(jnp.dot(weights[layer], act[-1])))
    return act


def update_weights(weights, x, A):
    act = forward(weights, x)
    new = []
    for layer, w in enumerate(weights):
        pre, post = act[layer][:, 0], act[layer + 1][:, 0]
        dw = A[0] * jnp.outer(post, pre) + A[1] * (post ** 2)[:, None] * w
        new.append(w + dw)
    return new
