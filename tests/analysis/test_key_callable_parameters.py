"""A key handed to a callable the function is given (`step_fn(key)` of a parameter) consumes
what the function the callers pass there consumes (``KeyFlow.parameter_function``): every call
of the function, and every `partial` of it, in its module or a module importing it, passes the
same function of the checked code, a caller's own parameter followed back to its callers.

Measured on jax 0.10.2 (the last test): `unroll(key, step)` runs `step` on the key it is given
(its first draw is `normal(split(key)[1])`), so a later draw from that key is one JAX's key-reuse
check rejects (`KeyReuseError` for a typed key); a `partial` binding the key, mapped by
`jax.vmap` through a `lax.scan` over a step function given as a parameter, gives every element
the same noise (QDax's scoring, cases 1144 and 1619: reported where the `partial` binds it).
"""

from __future__ import annotations

import textwrap

import pytest

from tests.analysis.test_key_flow import key_findings

UNROLL = """
    from functools import partial
    import jax


    def step(s, key):
        key, sub = jax.random.split(key)
        return s + jax.random.normal(sub, s.shape), key


    def generate_unroll(init_state, key, length, step_fn):
        def body(carry, _):
            s, key = carry
            s, key = step_fn(s, key)
            return (s, key), s
        _, out = jax.lax.scan(body, (init_state, key), None, length=length)
        return out
"""


def test_a_key_given_to_a_callable_parameter_is_consumed_by_what_callers_pass(tmp_path):
    main = UNROLL + """

    def run(x, key):
        a = generate_unroll(x, key, 3, step)
        b = jax.random.normal(key, x.shape)
        return a, b
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 21, "JAX501")]


def test_a_partial_binding_the_key_is_where_a_mapping_gives_it_to_every_element(tmp_path):
    main = UNROLL + """

    def score(states, key):
        unroll_fn = partial(generate_unroll, length=3, step_fn=step, key=key)
        return jax.vmap(unroll_fn)(states)
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 20, "JAX503")]


def test_the_callable_is_followed_back_through_a_caller_in_an_importing_module(tmp_path):
    tasks = UNROLL + """

    @partial(jax.jit, static_argnames=("step_fn",))
    def score(states, key, step_fn):
        unroll_fn = partial(generate_unroll, length=3, step_fn=step_fn, key=key)
        return jax.vmap(unroll_fn)(states)
    """
    main = """
        import jax
        from tasks import score, step


        def run(states):
            return score(states, jax.random.PRNGKey(0), step_fn=step)
    """
    assert key_findings(tmp_path, {"tasks.py": tasks, "main.py": main}) == [("tasks.py", 21, "JAX503")]


def test_callers_passing_different_functions_leave_the_parameter_unknown(tmp_path):
    main = UNROLL + """

    def still(s, key):
        return s, key


    def run(x, key):
        a = generate_unroll(x, key, 3, step)
        b = generate_unroll(x, key, 3, still)
        return a, b
    """
    # `still` hands the key on untouched: which of the two runs is not one function
    assert key_findings(tmp_path, {"main.py": main}) == []


def test_a_key_split_per_element_and_mapped_is_clean(tmp_path):
    main = UNROLL + """

    def score(states, key):
        keys = jax.random.split(key, states.shape[0])
        unroll_fn = partial(generate_unroll, length=3, step_fn=step)
        return jax.vmap(unroll_fn)(states, keys)
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


def test_measured_the_callable_draws_from_the_key_it_is_handed():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    namespace: dict = {}
    exec(textwrap.dedent(UNROLL), namespace)
    generate_unroll, step = namespace["generate_unroll"], namespace["step"]
    partial = namespace["partial"]
    key = jax.random.PRNGKey(0)
    # the first step splits `key` and draws from its second half: `split(key)` again repeats it
    first = generate_unroll(jnp.zeros(3), key, 3, step)[0]
    _, sub = jax.random.split(key)
    assert bool(jnp.array_equal(first, jax.random.normal(sub, (3,))))
    rows = jax.vmap(partial(generate_unroll, length=3, step_fn=step, key=key))(jnp.zeros((4, 3)))
    assert bool(jnp.all(rows == rows[0]))
    typed = jax.random.key(0)
    with jax.debug_key_reuse(True), pytest.raises(Exception, match="KeyReuse|already been consumed"):
        generate_unroll(jnp.zeros(3), typed, 3, step)
        jax.random.normal(typed, (3,))
