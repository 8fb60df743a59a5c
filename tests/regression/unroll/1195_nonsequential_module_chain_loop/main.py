"""Chain of identical modules applied in a Python loop inside a fully jitted training run.

Source: https://github.com/Parametric-Matrix-Models/pyPMM/pull/5
What happened: pyPMM PR #5 "Reduce NonSequential JIT compile times via jax.lax.scan and
optimizer state packing": "JIT compile times for `NonSequential.train()` scale poorly
with model size due to Python `for` loops and `jax.tree.map`s" -- the NonSequential
model's forward pass iterated over its modules in Python, so every module of a long chain
of identical modules was traced (and differentiated) separately inside the jitted
training `while_loop`.  The PR added "a scan-based forward pass for chains of identical
modules in NonSequentialModel" (and packed optimizer states by dtype to shrink the loop
carry) plus a compile-time benchmark test.  Here a 16-module chain of parametric matrix
modules is trained by a jitted while_loop over epochs.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from modules import AffineHermitianMatrix, NonSequentialModel
from training import make_train


def run(n_modules=16, n_features=3):
    model = NonSequentialModel([AffineHermitianMatrix(6, n_features) for _ in range(n_modules)])
    params = model.init(jax.random.PRNGKey(0))
    x = jax.random.normal(jax.random.PRNGKey(1), (32, n_features))
    y = jnp.sin(x)
    train = make_train(model, n_epochs=5)
    params, loss = train(params, x, y)
    return float(loss)


if __name__ == "__main__":
    print(run())
