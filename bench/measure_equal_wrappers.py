"""Which rebuilt wrappers hit a jit cache on jax 0.10.2 (with equinox): compiles of `loss` over 3
rebuilds each. Run: PYTHONPATH=. python bench/measure_equal_wrappers.py"""
import equinox as eqx
import jax
import jax.numpy as jnp

from jaxcheck.runtime.compile_log import compile_log


def loss(w, x):
    return jnp.sum((x @ w) ** 2)


CASES = {
    "jax.jit(jax.grad(loss))": lambda: jax.jit(jax.grad(loss)),
    "jax.jit(eqx.filter_grad(loss))": lambda: jax.jit(eqx.filter_grad(loss)),
    "eqx.filter_jit(eqx.filter_grad(loss))": lambda: eqx.filter_jit(eqx.filter_grad(loss)),
    "eqx.filter_jit(eqx.filter_value_and_grad(loss))": lambda: eqx.filter_jit(eqx.filter_value_and_grad(loss)),
    "eqx.filter_jit(jax.grad(loss))": lambda: eqx.filter_jit(jax.grad(loss)),
    "eqx.filter_jit(eqx.filter_vmap(loss))": lambda: eqx.filter_jit(eqx.filter_vmap(loss, in_axes=(None, 0))),
    "jax.jit(eqx.filter_vmap(loss))": lambda: jax.jit(eqx.filter_vmap(loss, in_axes=(None, 0))),
}

if __name__ == "__main__":
    log = compile_log()
    w, x = jnp.ones(3), jnp.ones((4, 3))
    for name, make in CASES.items():
        mark = log.mark()
        try:
            for _ in range(3):
                jax.block_until_ready(make()(w, x if "vmap" not in name else jnp.ones((2, 4, 3))))
        except Exception as error:  # noqa: BLE001 - recorded as the outcome
            print(f"{name}: raises {type(error).__name__}: {str(error).splitlines()[0]}")
            continue
        print(f"{name}: {log.count_of(log.since(mark), 'loss')} compiles in 3 rebuilds", dict(log.since(mark)))
