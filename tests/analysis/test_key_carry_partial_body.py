"""A lax loop whose body is a `partial` (`step = partial(body, x=x)`, then `scan(step, init,
xs)`) runs `body(carry, x_t, x=x)`: the loop's arguments bind from the body's first parameter
after those the `partial`'s positional arguments take (``keys.model.body_functions``), so a key in
the carry that the body consumes is consumed by the loop. A carry held in a name written as a
display (`init = (key, z)`) is reported where the spent key was put into it.

Measured on jax 0.10.2 (case prng/3100): a key drawn from before the scan and put in its carry,
consumed by the first step again, gives the first step the very batch drawn before the loop.
"""

from __future__ import annotations

from tests.analysis.test_key_flow import key_findings

LOOP = """
    from functools import partial

    import jax
    import jax.numpy as jnp


    def sample(key, t):
        key, subkey = jax.random.split(key)
        return key, jax.random.normal(subkey, (3,)) * t


    def body(carry, t, scale):
        key, prev = carry
        key, z = sample(key, t)
        return (key, z * scale), z


    @jax.jit
    def loss(key):
        z_init = sample(key, 0.0)[1]
        init = (key, z_init)
        step = partial(body, scale=2.0)
        (key, _), zs = jax.lax.scan(f=step, init=init, xs=jnp.linspace(0, 1, 4))
        return zs, z_init
"""


def test_a_partial_body_consumes_the_key_in_the_carry_where_it_was_put_in(tmp_path):
    assert key_findings(tmp_path, {"main.py": LOOP}) == [("main.py", 21, "JAX501")]


def test_a_partial_binding_a_leading_argument_shifts_the_carry(tmp_path):
    shifted = LOOP.replace("def body(carry, t, scale):", "def body(scale, carry, t):").replace(
        "partial(body, scale=2.0)", "partial(body, 2.0)"
    )
    assert key_findings(tmp_path, {"main.py": shifted}) == [("main.py", 21, "JAX501")]


def test_the_key_handed_back_advanced_into_the_carry_is_clean(tmp_path):
    advanced = LOOP.replace("z_init = sample(key, 0.0)[1]", "key, z_init = sample(key, 0.0)")
    assert key_findings(tmp_path, {"main.py": advanced}) == []
