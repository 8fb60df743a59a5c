"""cbfkit added a benchmark that counts compilations of the jitted controller (via its cache size)
while simulating: the controller is built once, outside the simulation loop, and called with
arrays of fixed shape and dtype every step, so it compiles exactly once.

Source: https://github.com/bardhh/cbfkit/pull/151
Observed on jax 0.10.x: cbf_controller compiled 1 times
"""
import jax.numpy as jnp

from controllers import make_cbf_controller


def run():
    controller = make_cbf_controller(alpha=1.0, u_max=2.0)
    x = jnp.array([0.5, 0.2])
    dt = 0.01
    for k in range(3):
        u = controller(jnp.asarray(k * dt), x, jnp.array([1.0, 0.0]))
        x = x + dt * u
    return None


if __name__ == "__main__":
    run()
