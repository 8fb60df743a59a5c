"""Gain optimisation through a discrete closed-loop rollout fails under jit + grad.

A user of the soft-robot simulator soromox optimised PD-controller gains by differentiating a
loss through `robot.rollout_discrete_closed_loop_to(initial_state, controller, ...)`, with the
whole update wrapped in `jax.jit(jax.value_and_grad(...))`. The rollout method converted the
start time of the `SystemState` pytree with `float(initial_state.t)` and computed the number of
control steps with `int(jnp.ceil(...))`. Simulating eagerly worked; inside the jitted gradient
the state is a tracer and the rollout raised ConcretizationTypeError. The maintainers rewrote the
rollout (PR #56) to take a Python `duration` and derive the step counts from static floats.

Source: https://github.com/tud-phi/soromox/issues/54
Observed on jax 0.10.x: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp

from dynamical_system import DynamicalSystem, SystemState


def evaluate_closed_loop_system(opt_vars, initial_state, robot, q_des):
    def controller(state):
        q, qd = state.y[:1], state.y[1:]
        u = opt_vars["Kp"] * (q_des - q) - opt_vars["Kd"] * qd
        return u, None

    trajectory = robot.rollout_discrete_closed_loop_to(
        initial_state, controller, t1=1.0, control_dt=0.1, solver_dt=0.01
    )
    loss = jnp.mean((trajectory.y[:, 0] - q_des[0]) ** 2)
    return loss, trajectory.y[-1]


def run():
    robot = DynamicalSystem()
    initial_state = SystemState(t=jnp.array(0.0), y=jnp.zeros(2))
    opt_vars = {"Kp": jnp.array(1.0), "Kd": jnp.array(0.5)}
    gradient_fn = jax.jit(jax.value_and_grad(evaluate_closed_loop_system, has_aux=True),
                          static_argnums=(2,))
    (loss, aux), grad = gradient_fn(opt_vars, initial_state, robot, jnp.array([0.3]))
    return float(loss)
