"""The user ported the Flax "annotated MNIST" notebook to CIFAR-10. Without
@jax.jit on train_step/eval_step everything ran (slowly); with the decorators,
eval_model(params, test_ds) failed before compiling anything. The test split
loaded from TFDS is a dict that also holds the 'id' feature, an array of byte
strings (b'test_09933', ...), and the whole dict was handed to the jitted
eval_step, so that string array arrived at a traced argument. The maintainers'
fix was `del test_ds['id']` before evaluation.

Source: https://github.com/google/flax/issues/1492
Observed on jax 0.10.x: raises TypeError
"""
import jax

from data import get_datasets
from model import cnn_apply, compute_metrics, init_cnn


@jax.jit
def eval_step(params, batch):
    logits = cnn_apply(params, batch["image"])
    return compute_metrics(logits, batch["label"])


def eval_model(params, test_ds):
    metrics = eval_step(params, test_ds)  # expect: JAX306
    metrics = jax.device_get(metrics)
    return metrics["loss"], metrics["accuracy"]


def run():
    _, test_ds = get_datasets()
    params = init_cnn(jax.random.PRNGKey(0))
    test_loss, test_accuracy = eval_model(params, test_ds)
    return float(test_accuracy)


if __name__ == "__main__":
    print(run())
