import jax


class JaxGenerator:
    def __init__(self, state):
        self.state = state

    def uniform(self):
        self.state, key = jax.random.split(self.state)  # expect: JAX105,JAX106
        return jax.random.uniform(key)


def jax_default_rng(seed):
    return JaxGenerator(jax.random.PRNGKey(seed))
