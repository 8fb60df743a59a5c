"""trax: `Optimizer.tree_update` stores the new slots on the optimizer inside jit.

Source: https://github.com/google/trax/commit/b8acc0e8f5c52a5ac25fd98a7a196f13b5fc1f69
(trax, "Allow optimizer.tree_update to be a pure function (not save slots)").

`tree_update` computes the per-weight updates and then did
`new_weights_flat, self.slots = map(list, zip(*updated_pairs))`, i.e. it
assigned the new slots to the optimizer object as a side effect and returned
them. The trainer calls it from its jitted update function, so the optimizer
ends up holding tracers from the first trace and is never updated by later
(cached) steps; reading `optimizer.slots` for a checkpoint then fails. The fix
added `store_slots=False` for the jitted path (see the clean look-alike).

Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import jax
import jax.numpy as jnp
import numpy as np


class Optimizer:
    def __init__(self, learning_rate=0.01, **init_opt_params):
        self._init_opt_params = {"learning_rate": jnp.array(learning_rate), **init_opt_params}
        self._slots = None

    @property
    def slots(self):
        return self._slots

    @slots.setter
    def slots(self, slots):
        self._slots = slots

    def tree_init(self, weight_tree):
        self._slots = [self.init(weight) for weight in jax.tree_util.tree_leaves(weight_tree)]
        return self._slots, self._init_opt_params

    def tree_update(self, step, grad_tree, weight_tree, slots, opt_params):
        grads_flat = jax.tree_util.tree_leaves(grad_tree)
        weights_flat, treedef = jax.tree_util.tree_flatten(weight_tree)
        updated_pairs = [
            self.update(step, grad, weight, slot, opt_params)
            for (grad, weight, slot) in zip(grads_flat, weights_flat, slots)
        ]
        new_weights_flat, self.slots = map(list, zip(*updated_pairs))  # expect: JAX105
        new_weights = jax.tree_util.tree_unflatten(treedef, new_weights_flat)
        metrics = {"gradients_l2": sum(jnp.sum(g**2) for g in grads_flat)}
        return new_weights, self.slots, metrics


class Momentum(Optimizer):
    def __init__(self, learning_rate=0.01, mass=0.9):
        super().__init__(learning_rate=learning_rate, mass=jnp.array(mass))

    def init(self, weights):
        return jnp.zeros_like(weights)

    def update(self, step, grads, weights, velocity, opt_params):
        new_velocity = opt_params["mass"] * velocity + grads
        return weights - opt_params["learning_rate"] * new_velocity, new_velocity


class Trainer:
    def __init__(self, loss_fn, optimizer, weights):
        self._loss_fn = loss_fn
        self._optimizer = optimizer
        self._weights = weights
        self._slots, self._opt_params = optimizer.tree_init(weights)
        self._step = 0

        def update_fn(weights, slots, opt_params, batch, step):
            grads = jax.grad(loss_fn)(weights, batch)
            return self._optimizer.tree_update(step, grads, weights, slots, opt_params)

        self._jit_update_fn = jax.jit(update_fn)

    def train_step(self, batch):
        self._weights, self._slots, metrics = self._jit_update_fn(
            self._weights, self._slots, self._opt_params, batch, self._step
        )
        self._step += 1
        return metrics

    def save_state(self):
        return {
            "weights": jax.tree_util.tree_map(np.asarray, self._weights),
            "slots": [np.asarray(s + 0.0) for s in self._optimizer.slots],
        }


def run():
    def loss_fn(weights, batch):
        x, y = batch
        return jnp.mean((x @ weights["w"] + weights["b"] - y) ** 2)

    weights = {"w": jnp.zeros((3, 1)), "b": jnp.zeros((1,))}
    trainer = Trainer(loss_fn, Momentum(0.05), weights)
    x = jnp.ones((8, 3))
    for _ in range(3):
        trainer.train_step((x, jnp.ones((8, 1))))
    return trainer.save_state()
