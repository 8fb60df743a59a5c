"""While porting a slimplectic (variational) integrator to JAX, the author probed how often JAX
runs Python code: a module-level `counter` is bumped with `global counter; counter += 1` and
printed inside `f`, then `jf = jit(f)` is called three times. Under jit the body runs only while
tracing, so the counter (and the "Called N times" print) advance once for the three calls; the
note left in the file reads "JIT on the other hand evaluates only once with all traced
arguments".

Source: https://github.com/joshuacoles/slimpletic-jax/blob/f012c677148a26ca35090bc0497ef790ba330682/test_cases/grad_behaviour.py#L5
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

from jax import jit

counter = 0


def f(x, y):
    global counter
    counter += 1  # expect: JAX103

    print("Called {} times".format(counter))  # expect: JAX101
    print("x: ", x)
    print("y: ", y)
    print()
    return x + y


def run():
    global counter
    counter = 0
    jf = jit(f)
    with contextlib.redirect_stdout(io.StringIO()):
        jf(1.0, 2.0)
        jf(2.0, 2.0)
        jf(2.0, 2.0)
    return counter
