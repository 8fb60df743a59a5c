import jax
import jax.numpy as jnp


def make_train_step(writer, lr=0.1):
    def loss_fn(w, x, y):
        return jnp.mean((x * w - y) ** 2)

    @jax.jit
    def train_step(step, w, x, y):
        loss, g = jax.value_and_grad(loss_fn)(w, x, y)
        writer.write_row(step, loss)
        return w - lr * g

    return train_step
