"""A fallback built when the caller leaves a parameter out (`sensor if sensor else (lambda x:
x)`, `sensor or (lambda x: x)`) and passed at a static position: a new lambda on every call
that leaves it out (JAX405), one finding per call, at the call. Measured on jax 0.10.2
(bench/measure_fallback_statics.py): 3 calls leaving `sensor` out compile 3 times; 3 calls
passing one module-level function, once."""

from __future__ import annotations

import pytest

from test_crossmodule import findings, messages, write

SIMULATOR = """
    from functools import partial
    import jax

    @partial(jax.jit, static_argnames=("sensor", "estimator"))
    def simulate(x, sensor, estimator):
        return estimator(sensor(x))

    def execute(x, sensor=None, estimator=None):
        _sensor = %s
        _estimator = estimator or (lambda y: y)
        return simulate(x,
                        _sensor, _estimator)
"""


@pytest.mark.parametrize("fallback", ["sensor if sensor else (lambda v: v)", "(lambda v: v) if sensor is None else sensor"])
def test_fallbacks_made_when_left_out_are_one_finding_at_the_call(tmp_path, fallback):
    write(tmp_path, {"main.py": SIMULATOR % fallback + """
    def run(x):
        for _ in range(3):
            execute(x)
    """})
    assert findings(tmp_path) == [("main.py", 11, "JAX405")]
    assert "made when `sensor` is left out (and so are `estimator`)" in messages(tmp_path)[0]


def test_every_call_of_the_module_passing_them_builds_no_fallback(tmp_path):
    write(tmp_path, {"main.py": SIMULATOR % "sensor if sensor else (lambda v: v)" + """
    def identity(v):
        return v

    def run(x):
        for _ in range(3):
            execute(x, identity, estimator=identity)
    """})
    assert findings(tmp_path) == []


def test_a_fallback_to_a_module_function_keeps_the_key(tmp_path):
    write(tmp_path, {"main.py": """
        from functools import partial
        import jax

        def identity(v):
            return v

        @partial(jax.jit, static_argnames=("sensor",))
        def simulate(x, sensor):
            return sensor(x)

        def execute(x, sensor=None):
            return simulate(x, sensor if sensor else identity)
    """})
    assert findings(tmp_path) == []
