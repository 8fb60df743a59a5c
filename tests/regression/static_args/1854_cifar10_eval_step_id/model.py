"""The annotated-MNIST CNN, written with jax.lax instead of flax.linen."""
import jax
import jax.numpy as jnp


def init_cnn(rng):
    k1, k2, k3 = jax.random.split(rng, 3)
    return {
        "conv1": jax.random.normal(k1, (3, 3, 3, 32)) * 0.1,
        "conv2": jax.random.normal(k2, (3, 3, 32, 64)) * 0.05,
        "dense": jax.random.normal(k3, (8 * 8 * 64, 10)) * 0.01,
    }


def _conv(x, w):
    return jax.lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                        dimension_numbers=("NHWC", "HWIO", "NHWC"))


def _avg_pool(x):
    return jax.lax.reduce_window(x, 0.0, jax.lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / 4.0


def cnn_apply(params, x):
    x = _avg_pool(jax.nn.relu(_conv(x, params["conv1"])))
    x = _avg_pool(jax.nn.relu(_conv(x, params["conv2"])))
    x = x.reshape((x.shape[0], -1))
    return x @ params["dense"]


def compute_metrics(logits, labels):
    one_hot = jax.nn.one_hot(labels, 10)
    loss = -jnp.mean(jnp.sum(one_hot * jax.nn.log_softmax(logits), axis=-1))
    accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
    return {"loss": loss, "accuracy": accuracy}
