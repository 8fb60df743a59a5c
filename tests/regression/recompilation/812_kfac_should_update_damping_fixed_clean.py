"""kfac-jax (clean look-alike): static damping flag folded with `use_adaptive_damping`.

Source: https://github.com/google-deepmind/kfac-jax/commit/320d0257e56d52163a50e116053a4981b99aec5b
(kfac-jax, "... we don't needlessly compile the step function twice for the
two different values of ((step_counter + 1) % self._damping_adaptation_interval
== 0)").

The optimizer's staged step takes `should_update_damping` as a static
argument and the Python training loop computes it from the step counter:
`(step_counter + 1) % self._damping_adaptation_interval == 0`. With adaptive
damping switched off the flag used to alternate and the step was compiled
twice. This is the fixed version: `should_update_damping` returns
`(...) and self._use_adaptive_damping`, which is constantly False here, so the
static argument never changes and `_step` compiles once although it is still
computed from the loop counter. A linter must not flag it (it cannot vary
unless adaptive damping is on).

Observed on jax 0.10.2: _step compiled 1 times
"""
import functools

import jax
import jax.numpy as jnp


class Optimizer:
    def __init__(self, value_and_grad_func, use_adaptive_damping=False,
                 damping_adaptation_interval=5, learning_rate=0.1, initial_damping=1e-3):
        self._value_and_grad_func = value_and_grad_func
        self._use_adaptive_damping = use_adaptive_damping
        self._damping_adaptation_interval = damping_adaptation_interval
        self._learning_rate = learning_rate
        self._initial_damping = initial_damping
        self._jit_step = jax.jit(self._step, static_argnames=("should_update_damping",))

    def init(self, params):
        return {"curvature": jax.tree_util.tree_map(jnp.zeros_like, params),
                "damping": jnp.asarray(self._initial_damping)}

    def should_update_damping(self, step_counter: int) -> bool:
        """Whether at the current step the optimizer should update the damping."""
        return ((step_counter + 1) % self._damping_adaptation_interval == 0) and (
            self._use_adaptive_damping
        )

    def _step(self, params, state, batch, should_update_damping):
        loss, grads = self._value_and_grad_func(params, batch)
        curvature = jax.tree_util.tree_map(lambda c, g: 0.95 * c + 0.05 * g**2, state["curvature"], grads)
        delta = jax.tree_util.tree_map(
            lambda g, c: -self._learning_rate * g / (c + state["damping"]), grads, curvature
        )
        new_params = jax.tree_util.tree_map(jnp.add, params, delta)
        damping = state["damping"]
        if should_update_damping:
            new_loss, _ = self._value_and_grad_func(new_params, batch)
            damping = jnp.where(new_loss < loss, damping * 0.9, damping * 1.1)
        return new_params, {"curvature": curvature, "damping": damping}, loss

    def step(self, params, state, batch, step_counter):
        return self._jit_step(
            params, state, batch,
            should_update_damping=self.should_update_damping(step_counter),
        )


def loss_fn(params, batch):
    x, y = batch
    return jnp.mean((x @ params["w"] - y) ** 2)


def train(num_steps=10):
    opt = Optimizer(jax.value_and_grad(loss_fn), use_adaptive_damping=False)
    params = {"w": jnp.zeros((3,))}
    state = opt.init(params)
    batch = (jnp.ones((8, 3)), jnp.ones((8,)))
    for step_counter in range(num_steps):
        params, state, loss = opt.step(params, state, batch, step_counter)
    return params["w"]


def run():
    return train()
