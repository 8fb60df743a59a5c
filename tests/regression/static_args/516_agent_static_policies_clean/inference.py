import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def infer_policies(agent, qs):
    def rollout(policy):
        def step(q, a):
            q = agent.B[a] @ q
            return q, q
        _, qs_pi = jax.lax.scan(step, qs, policy)
        return -jnp.sum(qs_pi * jnp.log(qs_pi + 1e-8))

    G = jax.vmap(rollout)(agent.policies)
    return jax.nn.softmax(-G)
