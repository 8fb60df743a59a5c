import jax.numpy as jnp


def make_barrier(obstacle, radius, alpha):
    def h(x):
        return jnp.sum((x - obstacle) ** 2) - radius ** 2

    def class_k(hx):
        return alpha * hx

    return h, class_k


def make_controller(goal, control_limit):
    def controller(x):
        u = goal - x
        return jnp.clip(u, -control_limit, control_limit)

    return controller


def simulator(dynamics, controller, barrier, x0, num_steps=20, dt=0.05):
    h, class_k = barrier
    x = x0
    total = 0.0
    for _ in range(num_steps):
        u = controller(x)
        x = x + dt * dynamics(x, u)
        total = total + class_k(h(x))
    return x, total
