"""Built-in functions that iterate a traced array, and comprehensions over ranges, in a jitted
function: how many equations they add to the program (jax 0.10.2, CPU).

Python's `sum(x)`, `max(x)`, `list(x)`, `tuple(x)` and `sorted(x)` iterate a traced array row by
row, as a `for` loop over it does: each row is one slice (plus one add for `sum`). A generator
expression or comprehension over `range(n)` runs `n` times at trace time like a `for` loop.
Run: python bench/bench_builtin_iteration.py
"""
import jax
import jax.numpy as jnp


def equations(fn, *args):
    return len(jax.make_jaxpr(fn)(*args).jaxpr.eqns)


def main() -> None:
    for n in (8, 64, 400):
        x = jnp.ones(n)
        row = {
            "sum": equations(lambda v: sum(v), x),
            "max": equations(lambda v: max(v), x) if False else None,  # bool of a tracer: raises
            "list": equations(lambda v: jnp.stack(list(v)), x),
            "tuple": equations(lambda v: jnp.stack(tuple(v)), x),
            "jnp.sum": equations(lambda v: jnp.sum(v), x),
            "genexp range(n)": equations(lambda v: sum(v[i] * 2 for i in range(v.shape[0])), x),
            "listcomp range(n)": equations(lambda v: jnp.stack([v[i] + 1 for i in range(v.shape[0])]), x),
        }
        print(n, row)
    try:
        jax.jit(lambda v: max(v))(jnp.ones(4))
    except Exception as error:  # noqa: BLE001
        print("max:", type(error).__name__)


if __name__ == "__main__":
    main()
