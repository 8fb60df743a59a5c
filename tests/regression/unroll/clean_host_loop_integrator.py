"""Clean look-alike from https://techqa.club/v/q/appending-to-list-alternative-workflow-for-jax-77354582:
the Python loop runs on the host around a jitted step; nothing is unrolled (it is slow for another
reason, dispatch per step)."""
import jax
import jax.numpy as jnp


@jax.jit
def integrator(t, x, dt):
    return x + (-(x**2)) * dt


t_arr = jnp.linspace(0, 10, 100)
dt = t_arr[1] - t_arr[0]
x = 0.0
xs = []
for t in t_arr:
    xs.append(x)
    x = integrator(t, x, dt)
