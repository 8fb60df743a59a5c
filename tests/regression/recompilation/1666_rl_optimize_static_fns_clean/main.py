"""An RL codebase (TensorNets, built on rljax's helpers) funnels every network update through one
jitted `optimize(fn_loss, opt, opt_state, params, max_grad_norm, *args)` with
`static_argnums=(0, 1, 4)`: the loss function, the optimizer's update function and the clipping
threshold are static. The agent stores the bound loss method and `optax.adam(...).update` once in
`__init__`, and `max_grad_norm` is a constant float, so the static arguments hash equal on every
update and the critic is compiled once for the whole training run.

Source: https://github.com/Mo379/TensorNets/blob/6990d44fa73662a1516270f568f31545000d3659/APP/src/optim.py
Observed on jax 0.10.x: optimize compiled 1 times
"""
import jax
import jax.numpy as jnp
import optax

from optim import optimize


class SACAgent:
    def __init__(self, lr_critic=3e-4, max_grad_norm=10.0):
        key = jax.random.PRNGKey(0)
        self.params_critic = {"w": jax.random.normal(key, (4, 1)) * 0.1}
        opt = optax.adam(lr_critic)
        self.opt_critic = opt.update
        self.opt_state_critic = opt.init(self.params_critic)
        self.max_grad_norm = max_grad_norm

    def _loss_critic(self, params_critic, state, target):
        q = state @ params_critic["w"]
        return jnp.mean((q - target) ** 2), None

    def update(self, state, target):
        self.opt_state_critic, self.params_critic, loss, _ = optimize(
            self._loss_critic,
            self.opt_critic,
            self.opt_state_critic,
            self.params_critic,
            self.max_grad_norm,
            state,
            target,
        )
        return loss


def run():
    agent = SACAgent()
    state = jnp.ones((32, 4))
    target = jnp.zeros((32, 1))
    for _ in range(6):
        agent.update(state, target)
    return None
