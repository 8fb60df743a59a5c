"""grad and its relatives keep the parameters; the result type follows argnums and has_aux."""

from collections.abc import Callable
from functools import partial
from typing import NamedTuple, reveal_type

import jax
import jax.numpy as jnp


def loss(w: jax.Array, b: float, x: jax.Array) -> jax.Array:
    return jnp.sum((x * w + b) ** 2)


reveal_type(jax.grad(loss))  # N: Revealed type is "def (jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, b: float, x: jax._src.basearray.Array) -> jax._src.basearray.Array"
reveal_type(jax.grad(loss)(jnp.ones(2), 1.0, jnp.ones(2)))  # N: Revealed type is "jax._src.basearray.Array"
reveal_type(jax.grad(loss, argnums=1))  # N: Revealed type is "def (jax._src.basearray.Array, float, x: jax._src.basearray.Array) -> jax._src.basearray.Array"
reveal_type(jax.grad(loss, argnums=(0, 1)))  # N: Revealed type is "def (jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, float, x: jax._src.basearray.Array) -> tuple[jax._src.basearray.Array, jax._src.basearray.Array]"
reveal_type(jax.grad(loss, argnums=-1))  # N: Revealed type is "def (w: jax._src.basearray.Array, b: float, x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex) -> jax._src.basearray.Array"
reveal_type(jax.value_and_grad(loss))  # N: Revealed type is "def (jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, b: float, x: jax._src.basearray.Array) -> tuple[jax._src.basearray.Array, jax._src.basearray.Array]"
reveal_type(jax.value_and_grad(loss, argnums=(0, 2)))  # N: Revealed type is "def (jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, float, jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex) -> tuple[jax._src.basearray.Array, tuple[jax._src.basearray.Array, jax._src.basearray.Array]]"


def loss_with_aux(w: jax.Array, batch: dict[str, jax.Array]) -> tuple[jax.Array, dict[str, float]]:
    error = jnp.sum((batch["x"] * w - batch["y"]) ** 2)
    return error, {"error": 0.0}


reveal_type(jax.grad(loss_with_aux, has_aux=True))  # N: Revealed type is "def (jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, batch: dict[str, jax._src.basearray.Array]) -> tuple[jax._src.basearray.Array, dict[str, float]]"
reveal_type(jax.grad(loss_with_aux, argnums=1, has_aux=True))  # N: Revealed type is "def (jax._src.basearray.Array, dict[str, jax._src.basearray.Array]) -> tuple[dict[str, jax._src.basearray.Array], dict[str, float]]"
reveal_type(jax.value_and_grad(loss_with_aux, has_aux=True))  # N: Revealed type is "def (jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, batch: dict[str, jax._src.basearray.Array]) -> tuple[tuple[jax._src.basearray.Array, dict[str, float]], jax._src.basearray.Array]"
(value, aux), grads = jax.value_and_grad(loss_with_aux, has_aux=True)(
    jnp.ones(2), {"x": jnp.ones(2), "y": jnp.zeros(2)}
)
reveal_type(value)  # N: Revealed type is "jax._src.basearray.Array"
reveal_type(aux)  # N: Revealed type is "dict[str, float]"
reveal_type(grads)  # N: Revealed type is "jax._src.basearray.Array"


def params_loss(params: dict[str, jax.Array], scale: float) -> float:
    return float(0.0) + jnp.sum(params["w"]) * scale  # type: ignore[return-value]


reveal_type(jax.grad(params_loss))  # N: Revealed type is "def (dict[str, jax._src.basearray.Array], scale: float) -> dict[str, jax._src.basearray.Array]"
reveal_type(jax.grad(params_loss, argnums=1))  # N: Revealed type is "def (dict[str, jax._src.basearray.Array], float) -> jax._src.basearray.Array"


def predict(x: jax.Array, y: jax.Array) -> tuple[jax.Array, jax.Array]:
    return jnp.sin(x) * y, jnp.cos(x)


reveal_type(jax.jacfwd(predict))  # N: Revealed type is "def (jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, y: jax._src.basearray.Array) -> tuple[jax._src.basearray.Array, jax._src.basearray.Array]"
reveal_type(jax.jacrev(predict, argnums=(0, 1)))  # N: Revealed type is "def (jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex) -> tuple[tuple[jax._src.basearray.Array, jax._src.basearray.Array], tuple[jax._src.basearray.Array, jax._src.basearray.Array]]"
reveal_type(jax.jacobian(jnp.sin))  # N: Revealed type is "def (jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | int | float | complex) -> jax._src.basearray.Array"
reveal_type(jax.hessian(loss))  # N: Revealed type is "def (jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, b: float, x: jax._src.basearray.Array) -> jax._src.basearray.Array"
reveal_type(jax.hessian(loss)(jnp.ones(2), 1.0, jnp.ones(2)))  # N: Revealed type is "jax._src.basearray.Array"


@jax.grad
def decorated(x: float) -> jax.Array:
    return jnp.sin(x)


reveal_type(decorated)  # N: Revealed type is "def (float) -> jax._src.basearray.Array"
reveal_type(decorated(1.0))  # N: Revealed type is "jax._src.basearray.Array"


@partial(jax.grad, argnums=1, has_aux=True)
def partially(x: jax.Array, y: jax.Array) -> tuple[jax.Array, str]:
    return jnp.sum(x * y), "aux"


reveal_type(partially)  # N: Revealed type is "def (jax._src.basearray.Array, jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex) -> tuple[jax._src.basearray.Array, str]"
reveal_type(jax.jit(jax.grad(loss)))  # N: Revealed type is "def (w: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex, b: float, x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex) -> jax._src.basearray.Array"
reveal_type(jax.grad(jax.jit(loss)))  # N: Revealed type is "def (jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | int | float | complex, b: float, x: jax._src.basearray.Array | numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] | bool | int | float | complex) -> jax._src.basearray.Array"


class Scaled(NamedTuple):
    w: jax.Array
    scale: float


def scaled_loss(p: Scaled) -> jax.Array:
    return jnp.sum(p.w) * p.scale


# JAX rebuilds a named tuple as its own class (measured: every field an array), so the gradient
# keeps the declared class, which its annotation accepts.
scaled_grad: Scaled = jax.grad(scaled_loss)(Scaled(jnp.ones(2), 2.0))


class Points:
    def __init__(self, x: jax.Array) -> None:
        self.x = x


jax.tree_util.register_pytree_node(Points, lambda p: ((p.x,), None), lambda _, c: Points(*c))


def union_loss(x: jax.Array | float) -> jax.Array:
    return jnp.sum(x * 2.0)


def either_loss(x: jax.Array | Points) -> jax.Array:
    return jnp.sum(x.x if isinstance(x, Points) else x)


# The gradient is structured like the argument passed (measured: a float argument gives an
# array); where the union of the declared members stays a union, the checker cannot tell which.
reveal_type(jax.grad(union_loss)(1.0))  # N: Revealed type is "jax._src.basearray.Array"
reveal_type(jax.grad(either_loss)(jnp.ones(2)))  # N: Revealed type is "Any"
jnp.ones(2) - 0.1 * jax.grad(either_loss)(jnp.ones(2))


# A `functools.partial` of a function keeps the function's result, so the auxiliary data too.
bound_loss = partial(loss_with_aux, batch={"x": jnp.ones(2), "y": jnp.zeros(2)})
(_, partial_aux), _ = jax.value_and_grad(bound_loss, has_aux=True)(jnp.ones(2))
reveal_type(partial_aux)  # N: Revealed type is "dict[str, float]"


class Regularizer:
    def __init__(self, w: jax.Array) -> None:
        self.w = w


class Quadratic(Regularizer):
    def __init__(self, w: jax.Array, a: jax.Array) -> None:
        super().__init__(w)
        self.a = a


jax.tree_util.register_pytree_node(
    Quadratic, lambda q: ((q.w, q.a), None), lambda _, children: Quadratic(*children)
)


def penalty(reg: Regularizer, x: jax.Array) -> jax.Array:
    return jnp.sum(reg.w * x)


# The gradient is rebuilt as the class of the argument passed (measured: a `Quadratic`), which
# may be a subclass of the declared one: the gradient's type follows the argument.
reveal_type(jax.grad(penalty))  # N: Revealed type is "def [Gradient0 <: pass_gradients.Regularizer] (Gradient0, x: jax._src.basearray.Array) -> Gradient0"
jax.grad(penalty)(Quadratic(jnp.ones(2), jnp.ones(2)), jnp.ones(2)).a


# A differentiated parameter declared `jax.Array` takes any array-like, as under `jax.jit`: the
# function receives a tracer (measured on jax 0.10.2: `jax.grad(loss)(0.5, 1.0, x)` calls `loss`
# with a tracer for `w` and the float `1.0` for `b`).
jax.grad(loss)(0.5, 1.0, jnp.ones(2))
jax.value_and_grad(loss, argnums=(0, 2))(0.5, 1.0, 2.0)


def make_test_function() -> Callable[[jax.Array], jax.Array]:
    def test_function(x: jax.Array) -> jax.Array:
        return jnp.sum(jnp.sin(x))

    return test_function


jax.grad(make_test_function())(0.0)


# Where a type is expected, the gradient keeps the declared parameters: with the stubs, mypy
# infers `grad`'s parameters from that expectation, and widened ones would reject `potential`.
def vectorized_gradient(
    potential: Callable[[jax.Array], jax.Array],
) -> Callable[[jax.Array], jax.Array]:
    return jax.vmap(jax.grad(potential))


vectorized_gradient(make_test_function())(jnp.ones(3))
