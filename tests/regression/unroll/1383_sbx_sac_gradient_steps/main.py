"""A user of sbx trains SAC on Pendulum with gradient_steps=1000. SAC._train is one jitted function
whose body is a Python `for i in range(gradient_steps)` doing a critic and an actor update per
step, so the 1000 updates are unrolled into one huge XLA program and compilation takes minutes;
the proposed fix moves the loop body into a jitted `gradient_step` driven by jax.lax.fori_loop.

Source: https://github.com/araffin/sbx/issues/14
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from sac import SAC


def run():
    model = SAC(gradient_steps=10)
    key = jax.random.PRNGKey(1)
    n = 10 * 4
    obs = jax.random.normal(key, (n, 3))
    actions = jnp.zeros((n, 1))
    target_q = jnp.ones((n,))
    model.train((obs, actions, target_q))
    return None


if __name__ == "__main__":
    run()
