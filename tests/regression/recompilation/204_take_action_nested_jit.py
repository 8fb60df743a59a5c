"""A jitted helper defined inside the method that is called on every step.

Source: https://github.com/jax-ml/jax/issues/4645
"Curious jit behavior in nested class functions": `take_action(self, obs)`
defined `@jit def _take_action(params, obs)` in its body and called it; the
nested version was much slower than the factored one because "the nested function
is being redundantly compiled each call" - a new function object (and cache) per
call.

Observed on jax 0.10.2: _take_action compiled 4 times
"""
import jax
import jax.numpy as jnp


class Agent:
    def __init__(self, params, net_apply):
        self.params = params
        self.net_apply = net_apply

    def take_action(self, obs):
        @jax.jit
        def _take_action(params, obs):
            logits = self.net_apply(params, obs)
            probs = jax.nn.softmax(logits.ravel())
            top2 = jnp.sort(probs)[-2:]
            return jnp.argmax(logits), top2[1] - top2[0]

        return _take_action(self.params, obs)  # expect: JAX402


def mlp(params, obs):
    return jnp.tanh(obs @ params["w"]) @ params["v"]


def run():
    agent = Agent({"w": jnp.ones((4, 8)), "v": jnp.ones((8, 3))}, mlp)
    action = None
    for t in range(4):
        action, conf = agent.take_action(jnp.full((4,), float(t)))
    return action
