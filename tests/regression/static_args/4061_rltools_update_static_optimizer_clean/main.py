"""rl-tools (a small haiku/optax RL toolbox) jits its generic `update` with
static_argnums=(3, 4): the loss function and the optax GradientTransformation
are static. Both are built once when the agent is created (a module-level loss
and one optax.adam instance kept on the agent) and the same objects are passed
on every step, so their identity hashes hit the cache and `update` compiles
once for the whole training run.

Source: https://github.com/Raffaelbdl/rl-tools/blob/5d5a6711eb9b731be846f0f615a01e2d6dba4962/rltools/update.py#L32
Observed on jax 0.10.x: update compiled 1 times
"""
import jax
import jax.numpy as jnp
import jax.random as jrd
import optax

from update import update


def policy_loss(params, key, batch):
    noise = 0.01 * jrd.normal(key, batch["obs"].shape[:1])
    pred = batch["obs"] @ params["w"] + noise
    loss = jnp.mean((pred - batch["ret"]) ** 2)
    return loss, {"loss": loss}


class Agent:
    def __init__(self, key):
        self.params = {"w": jnp.zeros(3)}
        self.optimizer = optax.adam(1e-2)
        self.opt_state = self.optimizer.init(self.params)
        self.key = key

    def improve(self, batch):
        self.key, sub = jrd.split(self.key)
        self.params, self.opt_state, out = update(
            self.params, sub, batch, policy_loss, self.optimizer, self.opt_state)
        return out


def run():
    agent = Agent(jrd.PRNGKey(0))
    for i in range(4):
        obs = jrd.normal(jrd.PRNGKey(i), (8, 3))
        agent.improve({"obs": obs, "ret": obs.sum(axis=1)})
