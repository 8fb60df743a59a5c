"""Measured on jax 0.10.2: a jitted closure that a factory returns traces once for all the
calls of its caller, so what its trace reads from an object (`conv.next_off`) stays the first
value, even when a method called in the same trace advances it (regression case
purity/201). And a trace that rebinds a global through a helper it calls reads only what it
itself stored (purity/801): the rebinding is the finding, not a later change.

Run: /work/venv/bin/python bench/stale_factory_jit.py
"""
import jax
import jax.numpy as jnp


class Switch:
    def __init__(self):
        self.next_off = 1.0

    def level(self, t):
        return jnp.where(t < self.next_off, 1.0, 0.0)

    def advance(self):
        self.next_off = self.next_off + 1.0


def make_step(switch):
    @jax.jit
    def step(t):
        out = switch.level(t)
        switch.advance()
        return out

    return step


def main():
    switch = Switch()
    step = make_step(switch)
    results = [float(step(jnp.float32(t + 0.5))) for t in range(3)]
    # without jit: 1.0 each time (the switch moves one period per call); jitted: 1.0, 0.0, 0.0
    print("jitted results", results, "next_off", switch.next_off, "traces", step._cache_size())


if __name__ == "__main__":
    main()
