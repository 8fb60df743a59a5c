import jax
import jax.numpy as jnp
import optax


class Adam:
    """Small stand-in for learned_optimization's opt_base.Adam (params kept in the state)."""

    def __init__(self, learning_rate):
        self.tx = optax.adam(learning_rate)

    def init(self, params, model_state=None, num_steps=None):
        return (params, self.tx.init(params))

    def get_params(self, opt_state):
        return opt_state[0]

    def update(self, opt_state, grad, loss=None, model_state=None):
        params, inner = opt_state
        updates, inner = self.tx.update(grad, inner, params)
        return (optax.apply_updates(params, updates), inner)


def task_loss(params, key, batch):
    logits = batch["image"] @ params["w"]
    return jnp.mean((logits - batch["label"]) ** 2)


def _adam(args):
    opt = Adam(args.learning_rate)

    @jax.jit
    def update(opt_state, key, batch):
        params = opt.get_params(opt_state)
        l, grad = jax.value_and_grad(task_loss)(params, key, batch)
        return opt.update(opt_state, grad, loss=l), l

    return opt, update


def get_optimizer(args):
    return {"adam": _adam}[args.optimizer](args)
