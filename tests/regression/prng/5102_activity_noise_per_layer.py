"""Noisy teacher activity traces: for each time step the user splits the key once,
then adds measurement noise to every layer's activations with that same `key`.
Layers of equal width receive exactly the same noise vector, so the "independent"
measurement noise is perfectly correlated across layers.

Source: https://github.com/yashsmehta/MetaLearnPlasticity/blob/5737f8d0c617f044374515d46e6386fc4e5b4d68/cosyne/main.py#L110-L126
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp


def forward_(weights, x):
    act = [jnp.expand_dims(x, 1)]
    for layer in range(len(weights)):
        act.append(jax.nn.sigmoid(jnp.dot(weights[layer], act[-1])))
    return act


forward = jax.jit(forward_)


def generate_activity_trajec(key, noise_scale, x_data, weights, A):
    num_trajec, len_trajec = x_data.shape[0], x_data.shape[1]
    activity_trajec_data = [[] for _ in range(num_trajec)]
    for i in range(num_trajec):
        for j in range(len_trajec):
            key, _ = jax.random.split(key)
            act = forward(weights, x_data[i][j])
            for layer in range(len(act)):
                act[layer] += noise_scale * jax.random.normal(key, act[layer].shape)  # expect: JAX503,JAX501
            activity_trajec_data[i].append(act)
    return activity_trajec_data


def run():
    key = jax.random.PRNGKey(0)
    # input 4 -> hidden 4 -> output 4: three activation vectors of equal shape
    weights = [jnp.eye(4) * 0.5, jnp.eye(4) * 0.3]
    x_data = jnp.zeros((1, 3, 4))
    trajec = generate_activity_trajec(key, 0.1, x_data, weights, None)
    same = 0
    for act in trajec[0]:
        n0 = act[0] - jnp.expand_dims(x_data[0, 0], 1)
        n1 = act[1] - jax.nn.sigmoid(weights[0] @ jnp.zeros((4, 1)))
        same += bool(jnp.allclose(n0, n1))
    return same
