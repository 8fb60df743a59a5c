import jax
import jax.numpy as jnp


class Model:
    """elegy-style model: params/opt states live in `self.states` and are fed to jitted steps."""

    def __init__(self, n_in, n_out, lr=0.1):
        self.states = {"w": jnp.zeros((n_in, n_out)), "b": jnp.zeros((n_out,))}
        self.lr = lr
        self.jitted_train_step = jax.jit(Model.train_step_fn, static_argnums=0, donate_argnums=1)  # expect: JAX304

    def train_step_fn(self, states, x, y):
        def loss_fn(s):
            return jnp.mean((x @ s["w"] + s["b"] - y) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(states)
        new_states = jax.tree_util.tree_map(lambda p, g: p - self.lr * g, states, grads)
        return loss, new_states

    def train_on_batch(self, x, y):
        loss, self.states = self.jitted_train_step(self, self.states, x, y)
        return loss
