"""What jax 0.10.2 names the compiles of two haiku-transformed functions jitted by their `apply`.

Run with an interpreter that has dm-haiku (0.0.17 measured):
    python bench/haiku_compile_names.py
"""
import logging

import haiku as hk
import jax
import jax.numpy as jnp

names = []


class Names(logging.Handler):
    def emit(self, record):
        message = record.getMessage()
        if "Compiling" in message:
            names.append(message.split(" ")[1])


jax.config.update("jax_log_compiles", True)
logging.getLogger("jax").addHandler(Names())
logging.getLogger("jax").setLevel(logging.WARNING)


def double(x):
    return hk.Linear(3)(x) * 2


def triple(x):
    return hk.Linear(3)(x) * 3


a, b = hk.transform(double), hk.transform(triple)
x = jnp.ones((2, 3))
pa, pb = a.init(jax.random.PRNGKey(0), x), b.init(jax.random.PRNGKey(0), x)
ja, jb = jax.jit(a.apply), jax.jit(b.apply)
for _ in range(3):
    ja(pa, None, x)
    jb(pb, None, x)
print("apply code objects shared:", a.apply.__code__ is b.apply.__code__, a.apply.__qualname__, a.apply.__wrapped__ if hasattr(a.apply, "__wrapped__") else None)
print("compile names:", [n for n in names if "apply" in n or "double" in n or "triple" in n])
print("all:", names)
