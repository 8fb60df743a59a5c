"""Measure (jax 0.10.2): how often a jitted function given a Python list compiles in a loop.

jit keys a list on its length (the pytree structure). A list bound afresh on each iteration and
filled by a fixed number of appends (cleanba's rollout: `storage = []`, then `args.num_steps`
appends per update) has the same length at every call; one appended to across iterations grows.

Printed on jax 0.10.2 (CPU):
    rebuilt per iteration: 1 compile(s) over 5 calls
    grown across iterations: 5 compile(s) over 5 calls
"""
import jax
import jax.numpy as jnp


def compiles(fill) -> int:
    traces = []

    @jax.jit
    def prepare(storage):
        traces.append(len(storage))
        return jnp.stack(storage).sum(0)

    fill(prepare)
    return len(traces)


def rebuilt(prepare) -> None:
    for update in range(5):
        storage = []
        for _ in range(4):
            storage.append(jnp.ones(3) * update)
        prepare(storage)


def grown(prepare) -> None:
    storage = []
    for update in range(5):
        storage.append(jnp.ones(3) * update)
        prepare(storage)


def main() -> None:
    print("rebuilt per iteration:", compiles(rebuilt), "compile(s) over 5 calls")
    print("grown across iterations:", compiles(grown), "compile(s) over 5 calls")


if __name__ == "__main__":
    main()
