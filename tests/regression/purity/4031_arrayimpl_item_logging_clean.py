"""Clean look-alike from a Japanese write-up on pulling Python numbers out of a
JAX ArrayImpl ("JAX ArrayImplからの値抽出"): indexing a 0-d element again
(`x[0][0]`) fails, and the recommended extraction is `float(x[0])` or
`x[0].item()`, with the caveat that each call is a device-to-host transfer. Here
the jitted step returns its loss as a (1,)-array and the training loop does
the conversion and the list append on the host, after the jitted call, where
the value is concrete.

Source: https://openillumi.com/jax-arrayimpl-get-value-fix
Observed on jax 0.10.x: train_step compiled 1 times
"""
import jax
import jax.numpy as jnp


@jax.jit
def train_step(w, xs, ys):
    def loss_fn(w):
        return jnp.mean((xs @ w - ys) ** 2)
    loss, g = jax.value_and_grad(loss_fn)(w)
    return w - 0.1 * g, jnp.reshape(loss, (1,))


def run():
    xs = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    ys = jnp.array([1.0, 2.0, 3.0])
    w = jnp.zeros(2)
    history = []
    for step in range(4):
        w, x = train_step(w, xs, ys)
        value = float(x[0])          # 推奨される安全な抽出
        history.append(x[0].item())  # または .item()
        if step % 2 == 0:
            print(f"step {step}: loss={value:.4f}")
    return len(history)


if __name__ == "__main__":
    run()
