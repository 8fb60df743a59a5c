"""objax-style stateful randomness: the generator keeps its key in an attribute and splits it on
every draw (`self.key, sub = split(self.key)`). Called eagerly this gives fresh numbers each time,
but inside a jitted function the attribute update happens only while tracing: the compiled
function reuses the key captured at trace time and returns the same "random" numbers on every
call (objax's fix was to pass the generator's variables to Jit explicitly).

Source: https://github.com/google/objax/pull/210
Observed on jax 0.10.x: function compiled 1 times; 2 of 3 calls
"""
import jax

from rng import uniform


def function():
    return uniform((1,))


def run():
    function_jit = jax.jit(function)
    draws = [float(function_jit()[0]) for _ in range(3)]
    return sum(1 for d in draws[1:] if d == draws[0])
