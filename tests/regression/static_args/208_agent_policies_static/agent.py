import equinox as eqx
import jax
import jax.numpy as jnp

from control import construct_policies


class Agent(eqx.Module):
    A: jax.Array
    B: jax.Array
    policies: jax.Array = eqx.field(static=True)  # expect: JAX301

    def __init__(self, A, B, num_controls, policy_len):
        self.A = A
        self.B = B
        self.policies = construct_policies(num_controls, policy_len)

    def infer_policies(self, qs):
        def efe(policy):
            q = qs
            for t in range(policy.shape[0]):
                q = self.B[:, :, policy[t, 0]] @ q
            return -jnp.sum(q * jnp.log(self.A @ q + 1e-8))

        return jax.nn.softmax(-jax.vmap(efe)(self.policies))
