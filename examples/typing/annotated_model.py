"""A small multilayer perceptron fitted to ``sin(3x)``, annotated with ``jaxcheck.typing``.

Functions take the loose input types (``ArrayLike``, ``ShapeLike``, ``DTypeLike``,
``ScalarLike``) and return the strict output types (``Array``, ``Shape``). Parameters that must
be static are marked ``Static[...]`` and listed in ``static_argnames``; jaxcheck's linter and
mypy plugin check that the two agree. mypy and pyright accept this file as it is; with the jax
stubs installed they also check every call to the jitted functions against their parameters.

Run it with ``python examples/typing/annotated_model.py``.
"""

from __future__ import annotations

from functools import partial

import jax
import jax.numpy as jnp

from jaxcheck.typing import (
    Array,
    ArrayLike,
    DTypeLike,
    PRNGKeyArray,
    PyTree,
    ScalarLike,
    Shape,
    ShapeLike,
    Static,
)


def init_params(key: PRNGKeyArray, sizes: ShapeLike, dtype: DTypeLike = jnp.float32) -> PyTree[Array]:
    """One ``{"w", "b"}`` dict per layer, for layer widths ``sizes`` (inputs first)."""
    widths = (sizes,) if isinstance(sizes, int) else tuple(sizes)
    keys = jax.random.split(key, len(widths) - 1)
    return [
        {"w": jax.random.normal(k, (m, n), dtype) / jnp.sqrt(m), "b": jnp.zeros(n, dtype)}
        for k, m, n in zip(keys, widths[:-1], widths[1:])
    ]


@partial(jax.jit, static_argnames="activation")
def predict(params: PyTree[Array], x: ArrayLike, activation: Static[str] = "tanh") -> Array:
    """The network's output; ``activation`` picks the nonlinearity at trace time."""
    nonlinearity = jnp.tanh if activation == "tanh" else jax.nn.relu
    h = jnp.asarray(x)
    for layer in params[:-1]:
        h = nonlinearity(h @ layer["w"] + layer["b"])
    last = params[-1]
    output: Array = h @ last["w"] + last["b"]  # leaves of a PyTree are Any to a checker
    return output


def loss(params: PyTree[Array], x: ArrayLike, y: ArrayLike) -> Array:
    return jnp.mean((predict(params, x) - jnp.asarray(y)) ** 2)


@jax.jit
def train_step(
    params: PyTree[Array], x: Array, y: Array, learning_rate: ScalarLike
) -> tuple[PyTree[Array], Array]:
    value, grads = jax.value_and_grad(loss)(params, x, y)
    updated = jax.tree.map(lambda p, g: p - learning_rate * g, params, grads)
    return updated, value


def output_shape(params: PyTree[Array], batch: int) -> Shape:
    """The shape ``predict`` returns for a batch, computed without running the network."""
    inputs = jax.ShapeDtypeStruct((batch, params[0]["w"].shape[0]), jnp.float32)
    return tuple(jax.eval_shape(predict, params, inputs).shape)


def main(steps: int = 300) -> float:
    params = init_params(jax.random.key(0), (1, 32, 1))
    x = jnp.linspace(-1.0, 1.0, 128)[:, None]
    y = jnp.sin(3.0 * x)
    value = loss(params, x, y)
    for _ in range(steps):
        params, value = train_step(params, x, y, 0.1)
    print(f"loss after {steps} steps: {float(value):.4f}; output shape {output_shape(params, 8)}")
    return float(value)


if __name__ == "__main__":
    main()
