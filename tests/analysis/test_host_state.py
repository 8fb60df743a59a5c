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
