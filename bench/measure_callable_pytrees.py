"""Callables that are pytrees (`jax.tree_util.Partial`) passed as ordinary arguments to a jitted
function: their function is in the treedef, so the cache compares it by equality. Compiles of
`apply` over 3 iterations on jax 0.10.2. Run:
PYTHONPATH=. python bench/measure_callable_pytrees.py"""
import jax
import jax.numpy as jnp
from jax.tree_util import Partial

from jaxcheck.runtime.compile_log import compile_log


def model(theta):
    return jnp.tanh(theta) * jnp.arange(1.0, 4.0)


def scaled(s, c):
    return s * c


@jax.jit
def apply(fn, c):
    return fn(c)


def pullback_each(theta):
    return jax.vjp(model, theta)[1]


CASES = {
    "jax.vjp pullback per iteration": lambda i: pullback_each(jnp.float32(i)),
    "jax.linearize jvp per iteration": lambda i: jax.linearize(model, jnp.float32(i))[1],
    "Partial(module function, array) per iteration": lambda i: Partial(scaled, jnp.float32(i)),
    "Partial(lambda) per iteration": lambda i: Partial(lambda c: c * i),
}

if __name__ == "__main__":
    log = compile_log()
    c = jnp.ones(3)
    for name, make in CASES.items():
        mark = log.mark()
        try:
            for i in range(3):
                arg = make(i)
                print("  type:", type(arg).__module__, type(arg).__name__) if i == 0 else None
                jax.block_until_ready(apply(arg, jnp.float32(1.0) if "linearize" in name else c))
        except Exception as error:  # noqa: BLE001 - recorded as the outcome
            print(f"{name}: raises {type(error).__name__}: {str(error).splitlines()[0]}")
            continue
        print(f"{name}: {log.count_of(log.since(mark), 'apply')} compiles of apply in 3 iterations")
    mark = log.mark()
    once = pullback_each(jnp.float32(0.5))
    for _ in range(3):
        apply(once, c)
    print(f"one pullback passed 3 times: {log.count_of(log.since(mark), 'apply')} compiles")
    import equinox as eqx

    filtered = eqx.filter_jit(lambda fn, c: fn(c))
    mark = log.mark()
    for i in range(3):
        filtered(pullback_each(jnp.float32(i)), c)
    print(f"equinox.filter_jit, a pullback per iteration: {log.count_of(log.since(mark), '<lambda>')} compiles")
