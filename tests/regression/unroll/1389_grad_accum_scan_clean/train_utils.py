import jax
import jax.numpy as jnp


def ctc_like_loss(params, batch):
    logits = batch["inputs"] @ params["w"] + params["b"]
    return jnp.mean(jax.nn.logsumexp(logits, axis=-1) - jnp.take_along_axis(
        logits, batch["labels"][:, None], axis=-1)[:, 0])


def accumulate_gradients(params, batch, gradient_accumulation_steps):
    """Split the batch into micro-batches and sum their gradients with lax.scan."""
    grad_fn = jax.value_and_grad(ctc_like_loss)
    micro = jax.tree_util.tree_map(
        lambda x: x.reshape((gradient_accumulation_steps, -1) + x.shape[1:]), batch)

    def accum(carry, minibatch):
        loss_acc, grad_acc = carry
        loss, grads = grad_fn(params, minibatch)
        return (loss_acc + loss, jax.tree_util.tree_map(jnp.add, grad_acc, grads)), None

    init = (jnp.zeros(()), jax.tree_util.tree_map(jnp.zeros_like, params))
    (loss, grads), _ = jax.lax.scan(accum, init, micro)
    scale = 1.0 / gradient_accumulation_steps
    return loss * scale, jax.tree_util.tree_map(lambda g: g * scale, grads)
