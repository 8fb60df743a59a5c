import jax
import jax.numpy as jnp


def loss_fn(w, batch):
    x, y = batch
    return jnp.mean((x @ w - y) ** 2)


def make_run_epoch(train_iterator, num_batches, lr=0.01):
    @jax.jit
    def run_epoch(w):
        def body(i, w):
            batch = next(train_iterator)  # expect: JAX107
            g = jax.grad(loss_fn)(w, batch)
            return w - lr * g

        return jax.lax.fori_loop(0, num_batches, body, w)

    return run_epoch
