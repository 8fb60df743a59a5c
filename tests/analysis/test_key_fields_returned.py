"""Keys held in fields: a key a function puts in a pytree it builds, or leaves in the field of a
pytree it was given, and hands back after consuming it (``KeyEvents._returned_keys``); a key a
constructor or a setter stores in its object, which the object's methods then consume
(``Summary.stored_fields``). The model of :mod:`jaxcheck.analysis.keys`.

Measured on jax 0.10.2 (bench/measure_keys_in_fields.py): a `reset` that draws from its
key and returns `State(x, key=key)`, then a caller drawing from `state.key`, draws the very
numbers `reset` drew; a function that splits `state.key` in a scan and returns `state` hands the
caller a key whose split gives the scan's keys again.
"""

from __future__ import annotations

from tests.analysis.test_key_flow import key_findings


STATE = """
    from typing import NamedTuple

    import jax


    class State(NamedTuple):
        x: jax.Array
        key: jax.Array
"""


def test_a_pytree_built_around_a_consumed_key_and_returned_by_name_is_reported(tmp_path):
    env = STATE + """

    def reset(key):
        x = jax.random.normal(key, (3,))
        state = State(x=x, key=key)
        return state


    def run(key):
        state = reset(key)
        return jax.random.normal(state.key, (3,))
    """
    assert key_findings(tmp_path, {"env.py": env}) == [("env.py", 13, "JAX505")]


def test_a_key_made_for_the_call_comes_back_spent(tmp_path):
    env = STATE + """

    def reset(key):
        x = jax.random.normal(key, (3,))
        state = State(x, key)
        return state


    def run():
        state = reset(jax.random.key(0))
        return jax.random.normal(state.key, (3,))
    """
    assert key_findings(tmp_path, {"env.py": env}) == [("env.py", 13, "JAX505")]


def test_a_pytree_built_around_a_new_key_is_clean(tmp_path):
    env = STATE + """

    def reset(key):
        key, sample_key = jax.random.split(key)
        x = jax.random.normal(sample_key, (3,))
        state = State(x=x, key=key)
        return state


    def run(key):
        state = reset(key)
        return jax.random.normal(state.key, (3,))
    """
    assert key_findings(tmp_path, {"env.py": env}) == []


def test_a_key_read_through_the_field_of_a_pytree_built_here_is_the_key_itself(tmp_path):
    env = STATE + """

    def run(key):
        state = State(x=jax.numpy.zeros(3), key=key)
        a = jax.random.normal(state.key, (3,))
        return a + jax.random.uniform(key, (3,))
    """
    assert key_findings(tmp_path, {"env.py": env}) == [("env.py", 14, "JAX501")]


def test_a_pytree_handed_back_whole_with_its_key_consumed_is_reported_where_it_was_consumed(tmp_path):
    agent = STATE + """

    def dream(state, n):
        def step(k, _):
            k, sub = jax.random.split(k)
            return k, sub

        _, keys = jax.lax.scan(step, state.key, None, length=n)
        return state, keys


    def act(state):
        key, noise_key = jax.random.split(state.key)
        return state._replace(key=key), jax.random.normal(noise_key, (3,))


    def run(state):
        for _ in range(3):
            state, keys = dream(state, 2)
            state, noise = act(state)
        return state
    """
    assert key_findings(tmp_path, {"agent.py": agent}) == [("agent.py", 16, "JAX505")]


def test_a_pytree_handed_back_whole_after_its_key_was_advanced_is_clean(tmp_path):
    agent = STATE + """

    def dream(state, n):
        key, sub = jax.random.split(state.key)
        keys = jax.random.split(sub, n)
        return state._replace(key=key), keys


    def run(state):
        for _ in range(3):
            state, keys = dream(state, 2)
        return state
    """
    assert key_findings(tmp_path, {"agent.py": agent}) == []


SEQUENCE = """
    import jax


    class KeySequence:
        def __init__(self, key):
            self._key = key

        def take(self, n):
            self._key, *keys = jax.random.split(self._key, n + 1)
            return keys
"""


def test_a_key_a_constructor_stores_is_consumed_by_the_methods_of_the_object(tmp_path):
    main = SEQUENCE + """

    def run(rng):
        s = KeySequence(rng)
        first = s.take(3)
        again = jax.random.split(rng, 4)[1:]
        return first, again
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 16, "JAX501")]


def test_a_constructor_given_its_own_key_leaves_the_callers_key_alone(tmp_path):
    main = SEQUENCE + """

    def run(k):
        k, sub = jax.random.split(k)
        s = KeySequence(sub)
        first = s.take(3)
        return first, jax.random.normal(k, (3,))
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


def test_a_key_a_setter_stores_is_the_callers_key(tmp_path):
    main = """
        import jax


        class Explorer:
            def set_key(self, key):
                self.key = key

            def explore(self):
                return jax.random.uniform(self.key, ())


        def run(explorer: Explorer, k):
            explorer.set_key(k)
            u = explorer.explore()
            return u + jax.random.normal(k, ())
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 15, "JAX501")]


def test_a_pytree_replaced_on_one_path_holds_no_known_key_after_the_paths_meet(tmp_path):
    # HF-style generation (dalle-mini modeling.py, transformers' flax `_sample`): the key in a
    # state built before the branch is consumed by a first step on one path, which replaces
    # the state; the loop then splits the key of whichever state it gets.
    gen = """
        from typing import Any, NamedTuple

        import jax
        import jax.numpy as jnp
        from jax import lax


        class SampleState(NamedTuple):
            cur_len: Any
            sequences: Any
            prng_key: Any


        def sample(input_ids, prng_key):
            state = SampleState(cur_len=1, sequences=input_ids, prng_key=prng_key)

            def cond_fn(state):
                return state.cur_len < 10

            def body_fn(state):
                prng_key, prng_key_next = jax.random.split(state.prng_key)
                token = jax.random.categorical(prng_key, jnp.zeros(4), axis=-1)
                return SampleState(state.cur_len + 1, state.sequences + token, prng_key_next)

            if input_ids.shape[1] > 1:
                state = body_fn(state)
            state = lax.while_loop(cond_fn, body_fn, state)
            return state.sequences
    """
    assert key_findings(tmp_path, {"gen.py": gen}) == []


def test_a_pytree_kept_on_every_path_keeps_its_key_after_the_paths_meet(tmp_path):
    env = STATE + """

    def run(key, flag):
        state = State(x=jax.numpy.zeros(3), key=key)
        if flag:
            a = jax.random.normal(state.key, (3,))
        return jax.random.uniform(state.key, (3,))
    """
    assert key_findings(tmp_path, {"env.py": env}) == [("env.py", 15, "JAX501")]


WRAPPED = STATE + """

    class Env:
        def reset(self, key):
            x = jax.random.choice(key, 10, shape=(3,), replace=False)
            state = State(x=x, key=key)
            return state


    class AutoReset:
        def __init__(self, env):
            self._env = env

        def auto_reset(self, state):
            return self._env.reset(jax.random.split(state.key)[0])


    def run():
        wrapper = AutoReset(%s)
        state = wrapper._env.reset(jax.random.key(7))
        for _ in range(3):
            state = wrapper.auto_reset(state)
        return state
"""


def test_a_field_set_from_a_constructor_parameter_holds_what_the_constructions_pass(tmp_path):
    # jumanji's minesweeper, case 1135: `AutoReset(Env())` keeps the environment in `_env`;
    # `wrapper._env.reset` runs `Env.reset`, which hands back the key it drew the mines with
    assert key_findings(tmp_path, {"env.py": WRAPPED % "Env()"}) == [("env.py", 14, "JAX505")]


def test_a_field_set_from_a_constructor_parameter_given_an_unknown_object_runs_nothing_known(tmp_path):
    text = WRAPPED.replace("def run():", "def run(make_env):") % "make_env()"
    assert key_findings(tmp_path, {"env.py": text}) == []
