"""cyreal's HostCallbackTransform tutorial: a `log_loss(batch, mask)` function that prints the loss with
`print("loss:", float(np.asarray(loss)))` is placed in a jittable data-loader pipeline, and the loader's
`next` is run under jax.jit. It looks like a print and a float() on a traced loss inside jit, but the
transform hands `log_loss` to `jax.experimental.io_callback`, so it runs on the host with concrete NumPy
arrays on every call of the compiled function: every batch prints its loss.

Source: https://github.com/smorad/cyreal/blob/4071ce394298dd234e041a65724593dd92a7316e/cyreal/transforms.py#L695
Observed on jax 0.10.x: next_batch compiled 1 times; 3 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp
import numpy as np
from jax import tree_util
from jax.experimental import io_callback


def model(images):
    return jnp.mean(images.astype(jnp.float32), axis=(1, 2, 3))


def cross_entropy(logits, labels):
    labels = labels.astype(jnp.float32)
    return (logits - labels) ** 2


def log_loss(batch, mask):
    logits = model(batch["image"])
    loss = jnp.mean(cross_entropy(logits, batch["label"]) * mask)
    print("loss:", float(np.asarray(loss)))
    return batch


class HostCallbackSource:
    """Invoke a host callback between jittable pipeline stages (logging/visualization)."""

    def __init__(self, data, batch_size, fn):
        self.data, self.batch_size, self.fn = data, batch_size, fn
        self._callback_spec = tree_util.tree_map(
            lambda leaf: jax.ShapeDtypeStruct((batch_size,) + leaf.shape[1:], leaf.dtype), data)

    def next(self, state):
        start = state * self.batch_size
        batch = tree_util.tree_map(
            lambda a: jax.lax.dynamic_slice_in_dim(a, start, self.batch_size), self.data)
        mask = jnp.ones((self.batch_size,), jnp.float32)

        def _callback_fn(batch_arg, mask_arg):
            batch_np = tree_util.tree_map(np.asarray, batch_arg)
            result = self.fn(batch_np, np.asarray(mask_arg))
            return batch_np if result is None else result

        transformed = io_callback(_callback_fn, self._callback_spec, batch, mask)
        return transformed, mask, state + 1


rs = np.random.RandomState(0)
source = HostCallbackSource(
    {"image": jnp.asarray(rs.rand(96, 4, 4, 1).astype(np.float32)),
     "label": jnp.asarray(rs.randint(0, 10, size=96).astype(np.int32))},
    batch_size=32, fn=log_loss)


@jax.jit
def next_batch(state):
    return source.next(state)


def run():
    state = jnp.zeros((), jnp.int32)
    printed = 0
    for _ in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            batch, mask, state = next_batch(state)
            jax.block_until_ready(batch)
        printed += "loss:" in buf.getvalue()
    return printed


if __name__ == "__main__":
    print(run())
