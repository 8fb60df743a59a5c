"""The shapes of array constructors sized by a count rather than a `shape` (jax 0.10.2, CPU).

    python bench/measure_sized_constructors.py

The analysis (library._sized_shape, library._joined_shape) gives these constructors the shape their
sizes or pieces make when those are known; this prints jax's and NumPy's shapes for the same calls, and how
many times a jitted function compiles when called on each size of a sweep. Output on jax 0.10.2:

    jnp.arange(5) (5,)                    np.arange(5) (5,)
    jnp.arange(2, 9) (7,)                 np.arange(2, 9) (7,)
    jnp.arange(0, 10, 3) (4,)             np.arange(0, 10, 3) (4,)
    jnp.arange(20.0, 30.0, 0.5) (20,)     np.arange(20.0, 30.0, 0.5) (20,)
    jnp.arange(5, 2) (0,)                 np.arange(5, 2) (0,)
    jnp.linspace(0, 1) (50,)              np.linspace(0, 1) (50,)
    jnp.linspace(0, 1, 7) (7,)            np.linspace(0, 1, 7) (7,)
    jnp.geomspace(1, 8, num=4) (4,)       np.geomspace(1, 8, num=4) (4,)
    jnp.logspace(0, 2, 3) (3,)            np.logspace(0, 2, 3) (3,)
    jnp.eye(3) (3, 3)                     np.eye(3) (3, 3)
    jnp.eye(3, 4) (3, 4)                  np.eye(3, 4) (3, 4)
    jnp.identity(4) (4, 4)                np.identity(4) (4, 4)
    jnp.concatenate([<(3, 4)>, <(5, 4)>]) (8, 4) np.concatenate([<(3, 4)>, <(5, 4)>]) (8, 4)
    jnp.concatenate([<(4, 3)>, <(4, 5)>], axis=1) (4, 8) np.concatenate([<(4, 3)>, <(4, 5)>], axis=1) (4, 8)
    jnp.concatenate([<(3, 4)>, <(5, 4)>], axis=-2) (8, 4) np.concatenate([<(3, 4)>, <(5, 4)>], axis=-2) (8, 4)
    jnp.stack([<(3, 4)>, <(3, 4)>]) (2, 3, 4) np.stack([<(3, 4)>, <(3, 4)>]) (2, 3, 4)
    jnp.stack([<(3, 4)>, <(3, 4)>, <(3, 4)>], axis=1) (3, 3, 4) np.stack([<(3, 4)>, <(3, 4)>, <(3, 4)>], axis=1) (3, 3, 4)
    jnp.stack([<(3, 4)>, <(3, 4)>], axis=-1) (3, 4, 2) np.stack([<(3, 4)>, <(3, 4)>], axis=-1) (3, 4, 2)
    jnp.vstack([<(4,)>, <(4,)>]) (2, 4)   np.vstack([<(4,)>, <(4,)>]) (2, 4)
    jnp.vstack([<(3, 4)>, <(5, 4)>]) (8, 4) np.vstack([<(3, 4)>, <(5, 4)>]) (8, 4)
    jnp.hstack([<(3,)>, <(5,)>]) (8,)     np.hstack([<(3,)>, <(5,)>]) (8,)
    jnp.hstack([<(4, 3)>, <(4, 5)>]) (4, 8) np.hstack([<(4, 3)>, <(4, 5)>]) (4, 8)
    compiles of a jitted sum over geomspace(20, f_max, n) for n in (37, 91, 155): 3
    compiles over arange(n) for n in (5, 8, 10, 10, 10): 3
"""

import jax
import jax.numpy as jnp
import numpy as np

from jaxcheck.runtime.compile_log import compile_log

CALLS = [
    ("arange", (5,), {}), ("arange", (2, 9), {}), ("arange", (0, 10, 3), {}), ("arange", (20.0, 30.0, 0.5), {}),
    ("arange", (5, 2), {}), ("linspace", (0, 1), {}), ("linspace", (0, 1, 7), {}), ("geomspace", (1, 8), {"num": 4}),
    ("logspace", (0, 2, 3), {}), ("eye", (3,), {}), ("eye", (3, 4), {}), ("identity", (4,), {}),
]
# Joining: the pieces' shapes.
A, B = np.ones((3, 4)), np.ones((5, 4))
JOINS = [
    ("concatenate", ([A, B],), {}), ("concatenate", ([A.T, B.T],), {"axis": 1}), ("concatenate", ([A, B],), {"axis": -2}),
    ("stack", ([A, A],), {}), ("stack", ([A, A, A],), {"axis": 1}), ("stack", ([A, A],), {"axis": -1}),
    ("vstack", ([np.ones(4), np.ones(4)],), {}), ("vstack", ([A, B],), {}),
    ("hstack", ([np.ones(3), np.ones(5)],), {}), ("hstack", ([A.T, B.T],), {}),
]


def _short(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(f"<{x.shape}>" for x in value) + "]"
    return repr(value)


def main() -> None:
    for name, args, kwargs in CALLS + JOINS:
        written = ", ".join([*map(_short, args), *(f"{k}={v!r}" for k, v in kwargs.items())])
        left = f"jnp.{name}({written}) {getattr(jnp, name)(*args, **kwargs).shape}"
        print(f"{left:<37} np.{name}({written}) {getattr(np, name)(*args, **kwargs).shape}")
    log = compile_log()

    @jax.jit
    def total(x):
        return x.sum()

    mark = log.mark()
    for n in (37, 91, 155):
        total(jnp.geomspace(20.0, 1024.0, n))
    print("compiles of a jitted sum over geomspace(20, f_max, n) for n in (37, 91, 155):",
          log.count_of(log.since(mark), "total"))
    mark = log.mark()
    for n in (5, 8, 10, 10, 10):
        total(jnp.arange(n))
    print("compiles over arange(n) for n in (5, 8, 10, 10, 10):", log.count_of(log.since(mark), "total"))


if __name__ == "__main__":
    main()
