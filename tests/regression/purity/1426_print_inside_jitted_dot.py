"""In the notebook's "Tracer Objects" section the author instruments a jitted matrix product with
print calls (`print('Running some_fn()')`, f-strings of x, y and the result) to watch it run.
The prints fire only while JAX traces the function, showing tracer objects instead of values;
repeated calls with same-shaped inputs print nothing at all.

Source: https://github.com/ntrajic/Full_Stack_DL_NG_Python
Observed on jax 0.10.x: some_function compiled 1 times; 2 of 3 calls
"""
import io
from contextlib import redirect_stdout

import jax
import jax.numpy as jnp
from jax import jit


@jit
def some_function(x, y):
    print('Running some_fn()')  # expect: JAX101
    print(f'x = {x}')  # expect: JAX101
    print(f'y = {y}')  # expect: JAX101
    result = jnp.dot(x, y)
    print(f'result = {result}')  # expect: JAX101
    return result


def run():
    x_jax = jax.random.normal(jax.random.PRNGKey(0), (64, 64), dtype=jnp.float32)
    silent = 0
    for _ in range(3):
        buf = io.StringIO()
        with redirect_stdout(buf):
            some_function(x_jax, x_jax.T).block_until_ready()
        silent += int('Running some_fn()' not in buf.getvalue())
    return silent
