"""L1-regularised meta-loss for a plasticity rule: `calc_loss_weight_trajec` loops in
Python over every time step of the teacher's weight trajectory (and over layers),
and the user compiles it with `jit(Partial(calc_loss_weight_trajec, mask, l1_lmbda))`
and differentiates it with `jax.value_and_grad`. The step loop's trip count comes
from the trajectory length, so the whole backprop-through-time graph is unrolled.

Source: https://github.com/yashsmehta/MetaLearnPlasticity/blob/5737f8d0c617f044374515d46e6386fc4e5b4d68/cosyne/l1_regularized_loss.py#L83-L96
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp
import optax
from jax import jit
from jax.tree_util import Partial


def update_weights(weights, x, A):
    h = weights[0] @ x
    dw = A[0] * jnp.outer(h, x) - A[1] * (h ** 2)[:, None] * weights[0]
    return [weights[0] + dw]


def calc_loss_weight_trajec(mask, l1_lmbda, weights, x, A, weight_trajectory):
    A = A * mask
    loss = l1_lmbda * jnp.sum(jnp.absolute(A))

    for i in range(len(weight_trajectory)):  # expect: JAX407
        weights = update_weights(weights, x[i], A)
        teacher_weights = weight_trajectory[i]

        for j in range(len(weights)):
            loss += jnp.mean(optax.l2_loss(weights[j], teacher_weights[j]))

    return loss / len(weight_trajectory)


def run():
    key = jax.random.PRNGKey(1)
    k1, k2 = jax.random.split(key)
    w0 = [0.2 * jax.random.normal(k1, (2, 3))]
    x = 0.1 * jax.random.normal(k2, (10, 3))
    A_teacher, mask = jnp.array([1.0, 1.0]), jnp.ones(2)
    traj, w = [], w0
    for t in range(10):
        w = update_weights(w, x[t], A_teacher)
        traj.append(w)
    weight_trajectory = jnp.stack([jnp.stack(ws) for ws in traj])
    calc_loss_trajec = jit(Partial(calc_loss_weight_trajec, mask, 1e-4))
    loss, grads = jax.value_and_grad(calc_loss_trajec, argnums=2)(w0, x, jnp.zeros(2), weight_trajectory)
    return None
