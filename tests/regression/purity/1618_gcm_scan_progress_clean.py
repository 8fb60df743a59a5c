"""jax-gcm's request to show a progress bar for long model integrations suggested wrapping
the `scan_fn` that steps the dynamical core (as jax-tqdm does). Progress is reported from
inside the scanned step through `jax.debug.callback`, which runs on the host at every
reporting step of every call, rather than with a Python print/tqdm call in traced code.

Source: https://github.com/climate-analytics-lab/jax-gcm/issues/320
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

PROGRESS = []


def _report(step, total):
    PROGRESS.append((int(step), int(total)))


def make_integrator(num_steps, dt, report_every=10):
    def scan_fn(state, step):
        jax.lax.cond(step % report_every == 0,
                     lambda: jax.debug.callback(_report, step, num_steps),
                     lambda: None)
        u, v = state
        du = -v * dt
        dv = u * dt
        return (u + du, v + dv), u

    @jax.jit
    def integrate(u0, v0):
        final, traj = jax.lax.scan(scan_fn, (u0, v0), jnp.arange(num_steps))
        return final, traj

    return integrate


def run():
    integrate = make_integrator(num_steps=50, dt=0.1)
    for _ in range(2):
        final, _ = integrate(jnp.ones((4, 4)), jnp.zeros((4, 4)))
    jax.effects_barrier()
    return final
