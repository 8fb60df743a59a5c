"""Multi-agent RL framework (grl2-jax): the PPO `Trainer.__init__` calls
`compile_train()`, which wraps the bound method once,
`_jit_train = jax.jit(self.theta_train, static_argnames=['debug'])`, and stores a small
closure in `self.jit_train` that splits `self.rng` and forwards to the compiled
function. Every minibatch of every epoch goes through that one stored jitted function
with same-shaped data and a constant `debug` flag, so `theta_train` compiles once.

Source: https://github.com/xlnwel/grl2-jax/blob/616f65a9dc6fae565ad635e8b9d25dbf1ac609cd/algo/ppo/elements/trainer.py#L74
Observed on jax 0.10.x: theta_train compiled 1 times
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax import random


class Trainer:
    def __init__(self, lr=1e-2, n_epochs=3, n_mbs=4, seed=0):
        self.lr, self.n_epochs, self.n_mbs = lr, n_epochs, n_mbs
        self.rng = random.PRNGKey(seed)
        self.indices = np.arange(64)
        self.compile_train()

    def theta_train(self, theta, data, rng, debug=False):
        def loss(theta):
            noise = 0.01 * random.normal(rng, data["obs"].shape)
            pred = (data["obs"] + noise) @ theta["w"]
            return jnp.mean((pred - data["target"]) ** 2)

        l, g = jax.value_and_grad(loss)(theta)
        theta = jax.tree_util.tree_map(lambda p, gi: p - self.lr * gi, theta, g)
        stats = {"loss": l, "grad_norm": jnp.sqrt(sum(jnp.sum(x**2) for x in jax.tree_util.tree_leaves(g)))} if debug else {"loss": l}
        return theta, stats

    def compile_train(self):
        _jit_train = jax.jit(self.theta_train, static_argnames=['debug'])

        def jit_train(*args, **kwargs):
            self.rng, rng = random.split(self.rng)
            return _jit_train(*args, rng=rng, **kwargs)
        self.jit_train = jit_train

    def train(self, theta, data):
        for e in range(self.n_epochs):
            np.random.shuffle(self.indices)
            for idx in np.split(self.indices, self.n_mbs):
                d = {k: v[idx] for k, v in data.items()}
                theta, stats = self.jit_train(theta, d, debug=False)
        return theta, stats


def run():
    trainer = Trainer()
    k1, k2 = random.split(random.PRNGKey(1))
    data = {"obs": np.asarray(random.normal(k1, (64, 5))), "target": np.asarray(random.normal(k2, (64, 2)))}
    theta = {"w": jnp.zeros((5, 2))}
    theta, stats = trainer.train(theta, data)
    return stats


if __name__ == "__main__":
    run()
