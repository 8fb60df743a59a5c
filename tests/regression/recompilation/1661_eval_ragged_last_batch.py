"""In the MLCommons algorithmic-efficiency workloads, training drops the last partial batch so that
every step has the same shape, but evaluation has to see the whole split, so the eval iterator
keeps the remainder. With 1000 eval examples and a batch of 128 the last batch has 104 rows: the
jitted `_eval_batch` sees a new input shape at the end of every evaluation pass and compiles a
second program for it (the issue asks to drop the remainder in training and keep it, padded, for
evaluation).

Source: https://github.com/mlcommons/algorithmic-efficiency/issues/54
Observed on jax 0.10.x: _eval_batch compiled 2 times
"""
import jax
import jax.numpy as jnp
import numpy as np


class MnistWorkload:
    def __init__(self, eval_batch_size=128):
        self.eval_batch_size = eval_batch_size
        self._eval_batch_jit = jax.jit(self._eval_batch)

    def _eval_batch(self, params, images, labels):
        logits = jnp.tanh(images @ params["w1"]) @ params["w2"]
        return {"loss": jnp.sum(jax.nn.logsumexp(logits, -1)
                                - jnp.take_along_axis(logits, labels[:, None], -1)[:, 0]),
                "accuracy": jnp.sum(jnp.argmax(logits, -1) == labels)}

    def _build_input_queue(self, images, labels):
        for i in range(0, len(images), self.eval_batch_size):
            yield images[i:i + self.eval_batch_size], labels[i:i + self.eval_batch_size]

    def _eval_model_on_split(self, params, images, labels):
        total = {"loss": 0.0, "accuracy": 0.0}
        for batch_images, batch_labels in self._build_input_queue(images, labels):
            metrics = self._eval_batch_jit(params, batch_images, batch_labels)  # expect: JAX404
            total = {k: total[k] + float(v) for k, v in metrics.items()}
        return {k: v / len(images) for k, v in total.items()}


def run():
    rng = np.random.default_rng(0)
    images = rng.normal(size=(1000, 16)).astype(np.float32)
    labels = rng.integers(0, 10, size=1000).astype(np.int32)
    params = {"w1": jnp.ones((16, 32)) * 0.1, "w2": jnp.ones((32, 10)) * 0.1}
    workload = MnistWorkload()
    for _ in range(2):  # two evaluation rounds during training
        workload._eval_model_on_split(params, images, labels)
    return None
