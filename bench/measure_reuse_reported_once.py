"""A key consumed three times: where jax's own key-reuse check stops, and what a fix at that
first reuse leaves.

    /work/venv/bin/python bench/measure_reuse_reported_once.py

Measured on jax 0.10.2 (typed keys, `jax_debug_key_reuse`):
- `rng` drawn by five `uniform` calls (case 2103): KeyReuseError, which stops the run at the
  first reuse, so the third, fourth and fifth draws are never reported apart. Splitting `rng` into
  five keys before the first draw (one fix) passes the check.
- `key, _ = split(key)` then two `choice(key, ...)` per step (case 4207): KeyReuseError in the first
  step; the next step's `split(key)` of the same spent key is never reached. With `key, k1, k2 = split(key, 3)` (one fix) no error.
"""
import jax

jax.config.update("jax_debug_key_reuse", True)


def five_draws(split_first: bool):
    key = jax.random.key(0)
    key, rng = jax.random.split(key)
    keys = jax.random.split(rng, 5) if split_first else [rng] * 5
    return [jax.random.uniform(k, (3,)) for k in keys]


def steps(split_first: bool):
    key = jax.random.key(0)
    for _ in range(3):
        if split_first:
            key, k1, k2 = jax.random.split(key, 3)
        else:
            key, _ = jax.random.split(key)
            k1 = k2 = key
        jax.random.choice(k1, 20, (8,))
        jax.random.choice(k2, 20, (8,))


for name, run in [("five draws", five_draws), ("split-then-two-draws loop", steps)]:
    for split_first in (False, True):
        try:
            run(split_first)
            print(f"{name:28s} split_first={split_first}: no error")
        except Exception as error:  # KeyReuseError
            frame = [line for line in str(error).splitlines() if line.strip()][0]
            print(f"{name:28s} split_first={split_first}: {type(error).__name__}: {frame[:90]}")
