"""Loss-of-plasticity experiments (lop-jax, ImageNet task): the agent jits its own method in
``__init__`` (``self.loss = jax.jit(self.loss)``), and ``loss`` prints
``f"Using Spectral Regularization: {self.use_spectral_reg}"`` whenever the regulariser is on.
The author uses it as a per-step confirmation, but the print belongs to the traced Python body:
it fires on the first loss evaluation of each input shape and never again across the training
steps, even though the regulariser is applied every step.

Source: https://github.com/KevinGuo27/lop-jax/blob/52ae3eb0702a9e6923f252c1f7cb29340eb5b3d5/imagenet/train_imagenet.py#L65
Observed on jax 0.10.x: 1 of 4 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp
import optax


def compute_spectral_regularization(params, k=2, target=2.0, reg_strength=0.1):
    reg = 0.0
    for path, leaf in jax.tree_util.tree_leaves_with_path(params):
        param_type = path[-1].key if hasattr(path[-1], "key") else str(path[-1])
        if param_type == "kernel":
            largest_sv = jnp.linalg.svdvals(leaf)[0]
            reg += reg_strength * (largest_sv**k - target) ** 2
        elif param_type == "bias":
            reg += reg_strength * jnp.sum(leaf**2)
    return reg


class ConvNet:
    def apply(self, params, x):
        h = jnp.tanh(x @ params["dense"]["kernel"] + params["dense"]["bias"])
        return h @ params["head"]["kernel"], {"dense": h}


class EffectiveRankAgent:
    def __init__(self, network, use_spectral_reg=False, spectral_k=2, spectral_target=2.0,
                 spectral_reg_strength=0.1):
        self.network = network
        self.use_spectral_reg = use_spectral_reg
        self.spectral_k = spectral_k
        self.spectral_target = spectral_target
        self.spectral_reg_strength = spectral_reg_strength
        self.loss = jax.jit(self.loss)

    def loss(self, params, x, y):
        output, features = self.network.apply(params, x)
        loss = jnp.mean(optax.softmax_cross_entropy_with_integer_labels(logits=output, labels=y))

        if self.use_spectral_reg:
            print(f"Using Spectral Regularization: {self.use_spectral_reg}")  # expect: JAX101
            spectral_reg = compute_spectral_regularization(
                params, k=self.spectral_k, target=self.spectral_target,
                reg_strength=self.spectral_reg_strength,
            )
            loss = loss + spectral_reg
        return loss


def run():
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    params = {
        "dense": {"kernel": 0.1 * jax.random.normal(k1, (8, 16)), "bias": jnp.zeros(16)},
        "head": {"kernel": 0.1 * jax.random.normal(k2, (16, 2))},
    }
    agent = EffectiveRankAgent(ConvNet(), use_spectral_reg=True)
    grad_fn = jax.grad(agent.loss)
    x = jax.random.normal(k3, (32, 8))
    y = (x[:, 0] > 0).astype(jnp.int32)
    printed = 0
    for step in range(4):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            agent.loss(params, x, y)
        printed += "Spectral" in buf.getvalue()
        grads = grad_fn(params, x, y)
        params = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
    return int(printed)


if __name__ == "__main__":
    run()
