"""Deep residual MLP applies a stacked weight tensor layer by layer in Python.

Source: https://crackedaicode.com/problems/jax-scan-over-params
What happened: the exercise "Scan over Layer Stack" explains that "Writing a Python
for-loop over layers unrolls the computation graph at trace time, making JIT compilation
slow and memory usage proportional to N. Scanning over a stacked parameter tensor instead
produces a constant-size XLA program regardless of depth" (the idiom behind Flax/Equinox
layer scanning); the task forbids Python loops and asks for
`lax.scan(layer, x, weights)` over `weights` of shape (N, d, d).  Here the stacked
weights are applied with the Python loop the exercise warns about, inside a jitted,
differentiated training step for a 48-layer residual network.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def apply_layers(weights, x):
    for i in range(weights.shape[0]):  # expect: JAX407
        x = x + jnp.tanh(weights[i] @ x)
    return x


@jax.jit
def train_step(weights, x, y):
    loss, grad = jax.value_and_grad(
        lambda w: jnp.mean((jax.vmap(lambda xi: apply_layers(w, xi))(x) - y) ** 2))(weights)
    return weights - 1e-2 * grad, loss


def run(depth=48, width=8):
    weights = 0.05 * jax.random.normal(jax.random.PRNGKey(0), (depth, width, width))
    x = jax.random.normal(jax.random.PRNGKey(1), (16, width))
    y = jnp.zeros((16, width))
    weights, loss = train_step(weights, x, y)
    return float(loss)


if __name__ == "__main__":
    print(run())
