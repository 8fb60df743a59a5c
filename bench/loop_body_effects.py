"""Python effects in the body of a lax loop run once per trace, not once per iteration.

    /work/venv/bin/python bench/loop_body_effects.py

Measured on jax 0.10.2 (CPU), printed by this script:
    scan body run from host code, 2 calls of a 5-step loop: body ran 2 times
    fori_loop body run from host code, 2 calls of a 5-step loop: body ran 2 times
    element of an outer dict of lists, jitted, 3 calls: 1 append
"""

import jax
import jax.numpy as jnp

calls = []


def scan_twice() -> int:
    calls.clear()

    def run(n):
        def body(carry, _):
            calls.append(1)
            return carry + 1.0, None

        return jax.lax.scan(body, 0.0, None, length=n)

    run(5)
    run(5)
    return len(calls)


def fori_twice() -> int:
    calls.clear()

    def run(n):
        def body(i, carry):
            calls.append(1)
            return carry + 1.0

        return jax.lax.fori_loop(0, n, body, 0.0)

    run(5)
    run(5)
    return len(calls)


data = {"values": []}


@jax.jit
def add(v):
    data["values"].append(v)
    return v * 2


if __name__ == "__main__":
    print(f"scan body run from host code, 2 calls of a 5-step loop: body ran {scan_twice()} times")
    print(f"fori_loop body run from host code, 2 calls of a 5-step loop: body ran {fori_twice()} times")
    for v in (1.0, 2.0, 3.0):
        add(jnp.asarray(v))
    print(f"element of an outer dict of lists, jitted, 3 calls: {len(data['values'])} append")
