"""Host code that changes state a jitted function read while it was traced (JAX108).

Each case is a small program checked with the real API; the expectation is the exact list of
(line, code) findings. Measured on jax 0.10.2: a method jitted with `self` static returned the
first `scale` on 3 of 3 calls after the driver set `shaper.scale` to 1.0, 0.5 and 0.25.
"""

from __future__ import annotations

import textwrap

import pytest

from jaxcheck.api import check_source

SHAPER = """
    from functools import partial
    import jax
    import jax.numpy as jnp

    class RewardShaper:
        def __init__(self, scale):
            self.scale = scale

        @partial(jax.jit, static_argnums=0)
        def shape(self, rewards):
            return rewards * self.scale

        def describe(self):
            return f"scale {self.scale}"
"""

CASES = {
    # The driver sets the field on each iteration of the loop that calls the jitted method.
    "field_set_in_driver_loop": (
        """
        def run():
            shaper = RewardShaper(scale=1.0)
            for scale in (1.0, 0.5, 0.25):
                shaper.scale = scale
                shaper.shape(jnp.ones(4))
        """,
        [(11, "JAX108")],
    ),
    # ... or after a call of the jitted method: that call's trace keeps the first value.
    "field_set_after_a_jitted_call": (
        """
        def run():
            shaper = RewardShaper(scale=1.0)
            first = shaper.shape(jnp.ones(4))
            shaper.scale = 0.5
            return first, shaper.shape(jnp.ones(4))
        """,
        [(11, "JAX108")],
    ),
    # Set before the first call: the trace sees the new value.
    "field_set_before_the_first_call": (
        """
        def run():
            shaper = RewardShaper(scale=1.0)
            shaper.scale = 0.5
            return shaper.shape(jnp.ones(4))
        """,
        [],
    ),
    # Set after a host method only: no trace ran before the change.
    "field_set_after_a_host_method": (
        """
        def run():
            shaper = RewardShaper(scale=1.0)
            print(shaper.describe())
            shaper.scale = 0.5
            return shaper.shape(jnp.ones(4))
        """,
        [],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_object_field_changed_after_trace(name):
    driver, expected = CASES[name]
    source = textwrap.dedent(SHAPER).lstrip("\n") + textwrap.dedent(driver)
    result = check_source(source, "case.py")
    assert result.error is None, result.error
    assert sorted((d.line, d.code) for d in result.diagnostics) == expected


# A method that sets fields by name (`setattr(self, name, value)` for each parameter it is given)
# may change any field a jitted method read (measured on jax 0.10.2, regression case
# purity/218: `jax.jit(self._predict)` returned the same percept after `model.build(axlambda=100.0)`);
# a constant name changes that field only, and the constructor's `setattr` is initial state.
SET_BY_NAME = """
    from functools import partial
    import jax
    import jax.numpy as jnp

    class Model:
        def __init__(self, **params):
            for name, value in params.items():
                setattr(self, name, value)
            self._predict = jax.jit(self.predict)

        def build(self, **params):
            for name, value in params.items():
                setattr(self, name, value)

        def predict(self, x):
            return x * self.rho

    class Shaper:
        def __init__(self, scale, offset):
            self.scale = scale
            self.offset = offset

        def set_scale(self, scale):
            setattr(self, "scale", scale)

        @partial(jax.jit, static_argnums=0)
        def shape(self, x):
            return x * self.scale + self.offset
"""


def test_fields_set_by_name():
    result = check_source(textwrap.dedent(SET_BY_NAME).lstrip("\n"), "case.py")
    assert result.error is None, result.error
    assert sorted((d.line, d.code) for d in result.diagnostics) == [(16, "JAX108"), (28, "JAX108")]


# A field the constructor does not set, bound by one method only (`initialize` making `W` from
# the data): no trace can read it before that method ran, so it is set-up, not a later change;
# `partial_fit` updating `a` in place is one (regression case purity/1101, observed on jax
# 0.10.2: the jitted step kept a=1, b=0 after `partial_fit`). A setter that stores its
# argument is there to be called again: `set_temperature` stays a change.
INITIALISED_LATER = """
    from functools import partial
    import jax
    import jax.numpy as jnp

    class Reservoir:
        def __init__(self, units):
            self.units = units

        def initialize(self, x):
            self.W = jnp.ones((self.units, x.shape[-1]))
            self.a = jnp.ones(self.units)

        def set_temperature(self, t):
            self.temperature = t

        @partial(jax.jit, static_argnums=0)
        def step(self, x):
            return jnp.tanh(self.a * (self.W @ x)) / self.temperature

        def partial_fit(self, xs):
            for x in xs:
                self.a += 0.1 * self.step(x)
"""


def test_fields_initialised_by_one_method_are_set_up():
    result = check_source(textwrap.dedent(INITIALISED_LATER).lstrip("\n"), "case.py")
    assert result.error is None, result.error
    assert sorted((d.line, d.message.split("`")[1]) for d in result.diagnostics if d.code == "JAX108") == [
        (18, "self.a"), (18, "self.temperature"),
    ]
