"""The Model wrapper of treex's examples/cnn_model.py: a pytree module whose jitted methods take `self`."""
import jax
import jax.numpy as jnp
import optax


@jax.tree_util.register_pytree_node_class
class Model:
    def __init__(self, params, opt_state, optimizer):
        self.params = params
        self.opt_state = opt_state
        self.optimizer = optimizer

    def tree_flatten(self):
        return (self.params, self.opt_state), self.optimizer

    @classmethod
    def tree_unflatten(cls, optimizer, children):
        return cls(*children, optimizer)

    def __call__(self, x):
        h = jax.nn.relu(x @ self.params["w1"])
        return h @ self.params["w2"]

    @staticmethod
    def loss_fn(params, model, x, y):
        model = Model(params, model.opt_state, model.optimizer)
        preds = model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(preds, y).mean()
        return loss, {"loss": loss, "accuracy": jnp.mean(preds.argmax(-1) == y)}

    @jax.jit
    def train_step(self, x, y):
        print("JITTTTING")  # expect: JAX101
        model = self
        grads, logs = jax.grad(model.loss_fn, has_aux=True)(model.params, model, x, y)
        updates, opt_state = model.optimizer.update(grads, model.opt_state, model.params)
        params = optax.apply_updates(model.params, updates)
        return Model(params, opt_state, model.optimizer), logs
