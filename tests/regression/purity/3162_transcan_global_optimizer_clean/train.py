"""Fine-tuning step, rebuilt from TransCan's 2_finetune.py (pmap replaced by jit on one device)."""
import jax
import jax.numpy as np
import optax

optimizer = None


def forward(params, src, labels):
    logits = src @ params['lm_head']
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


@jax.jit
def train_tick(params, opt_state, src, labels):
    loss, grads = jax.value_and_grad(forward)(params, src, labels)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


def init_training(params, learning_rate=1e-5):
    global optimizer
    optimizer = optax.adamw(learning_rate=learning_rate)
    return optimizer.init(params)
