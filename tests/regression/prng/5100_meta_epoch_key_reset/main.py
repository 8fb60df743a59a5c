"""Meta-learning a plasticity rule: every meta-epoch the outer loop re-creates
`key = jax.random.PRNGKey(0)` before drawing the input trajectories, so each
epoch trains on exactly the same "random" trajectories as the epoch before
(the split inside the inner loop only advances within one epoch).

Source: https://github.com/yashsmehta/MetaLearnPlasticity/blob/9bd428d57eafe0d7c9a1026a1cf1ee0b55a6733e/base.py#L226-L236
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
import jax.numpy as jnp
import optax

from utils import generate_gaussian, update_weights


@jax.jit
def calc_loss_trajec(weights, x, A, teacher_trajec):
    def body(w, inp):
        x_t, w_teacher = inp
        w = update_weights(w, x_t, A)
        return w, jnp.mean(optax.l2_loss(w, w_teacher))
    _, losses = jax.lax.scan(body, weights, (x, teacher_trajec))
    return losses.mean()


@jax.jit
def generate_trajec(x, weights, A):
    def body(w, x_t):
        w = update_weights(w, x_t, A)
        return w, w
    return jax.lax.scan(body, weights, x)[1]


def train(meta_epochs=3, num_trajec=2, len_trajec=4, input_dim=3):
    key = jax.random.PRNGKey(7)
    key, wkey = jax.random.split(key)
    teacher_weights = generate_gaussian(wkey, (1, input_dim), scale=0.25)
    A_teacher = jnp.array([1.0, -1.0])
    A_student = jnp.zeros((2,))
    optimizer = optax.adam(learning_rate=1e-3)
    opt_state = optimizer.init(A_student)
    first_inputs = []
    for epoch in range(meta_epochs):
        key = jax.random.PRNGKey(0)  # expect: JAX503
        for t in range(num_trajec):
            key, _ = jax.random.split(key)
            x = generate_gaussian(key, (len_trajec, input_dim), scale=0.1)
            if t == 0:
                first_inputs.append(x)
            trajectory = generate_trajec(x, teacher_weights, A_teacher)
            loss, grads = jax.value_and_grad(calc_loss_trajec, argnums=2)(
                teacher_weights, x, A_student, trajectory)
            updates, opt_state = optimizer.update(grads, opt_state, A_student)
            A_student = optax.apply_updates(A_student, updates)
    return first_inputs


def run():
    firsts = train()
    return sum(bool(jnp.array_equal(firsts[0], f)) for f in firsts[1:])
