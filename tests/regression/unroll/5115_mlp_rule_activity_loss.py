"""Plasticity rule parameterised by a small MLP: `calc_loss_activity_trajec` is
`@jit`-compiled and iterates in Python over `range(len(activity_trajectory))`,
applying the weight update and a forward pass per time step and summing per-layer
losses with the builtin `sum`. The trip count is the trajectory length (the
teacher trace is a per-step list), so every step is unrolled into the program
that `value_and_grad` then differentiates.

Source: https://github.com/yashsmehta/MetaLearnPlasticity/blob/c80298f45be9483269262769278a86ee20e51bcb/exps/mlp_plasticity.py#L100-L116
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp
import optax
from jax import jit


def forward(weights, x):
    act = [jnp.expand_dims(x, 1)]
    for layer in range(len(weights)):
        act.append(jax.nn.sigmoid(jnp.dot(weights[layer], act[-1])))
    return act


def update_weights_A(weights, x, A):
    act = forward(weights, x)
    return [w + A[0] * jnp.outer(act[l + 1], act[l]) - A[1] * w * act[l + 1] ** 2
            for l, w in enumerate(weights)]


@jit
def calc_loss_activity_trajec(weights, x, A, activity_trajectory):
    loss = 0
    use_input = True

    for i in range(len(activity_trajectory)):  # expect: JAX407
        loss_t = []
        weights = update_weights_A(weights, x[i], A)
        act = forward(weights, x[i])
        teacher_act = activity_trajectory[i]
        for j in range(len(act)):
            loss_t.append(jnp.mean(optax.l2_loss(act[j], teacher_act[j])))
        if not use_input:
            loss_t.pop(0)
        loss += sum(loss_t)

    return loss / len(activity_trajectory)


def run():
    key = jax.random.PRNGKey(3)
    k1, k2, k3 = jax.random.split(key, 3)
    weights = [0.3 * jax.random.normal(k1, (4, 3)), 0.3 * jax.random.normal(k2, (2, 4))]
    len_trajec = 20
    x = 0.1 * jax.random.normal(k3, (len_trajec, 3))
    # teacher trajectory as the user builds it: a list (time) of lists (layers)
    acts = [[jnp.zeros((3, 1)), jnp.full((4, 1), 0.5), jnp.full((2, 1), 0.5)]
            for _ in range(len_trajec)]
    loss, grads = jax.value_and_grad(calc_loss_activity_trajec, argnums=2)(weights, x, jnp.zeros((2,)), acts)
    return None
