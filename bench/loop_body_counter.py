"""Measured on jax 0.10.2: a lax loop body is traced once for all of its iterations, even when
each call of the loop traces it again; so is a helper it calls. A counter that the helper adds
to (`metrics["steps"] += 1`, regression case purity/809) counts once per call of the scan, not
once per step, and a host write in the helper runs once per call too.

Run: /work/venv/bin/python bench/loop_body_counter.py
"""
import jax
import jax.numpy as jnp

metrics = {"steps": 0}


def update(x):
    metrics["steps"] += 1
    return x + 1.0


def run(x, n):
    def body(carry, _):
        return update(carry), None

    return jax.lax.scan(body, x, None, length=n)[0]


def main():
    for _ in range(2):
        run(jnp.float32(0.0), 5)
    print("steps counted", metrics["steps"], "of", 2 * 5)  # 2 of 10


if __name__ == "__main__":
    main()
