"""A jitted call hands its arguments to the compiled program as leaves and rebuilds them from
tracers: what the function rebinds in its arguments' fields (`self.key, sub = split(self.key)`
in a wrapper's `__next__`) never reaches the caller's object, so a second call draws from the
same key (``KeyEvents._fields_of_call``). A builtin `next(w)` runs `type(w).__next__(w)`
(``keys.model._protocol_method``).

Measured on jax 0.10.2 (bench/measure_jitted_field_rebinding.py): two jitted calls on one
registered-pytree wrapper draw the same numbers and leave its key unchanged; the same function
not jitted advances it and draws new numbers.
"""

from __future__ import annotations

from tests.analysis.test_key_flow import key_findings

WRAPPER = """
    import jax
    from jax import tree_util


    @tree_util.register_pytree_node_class
    class KeyWrap:
        def __init__(self, key):
            self.key = key

        def __next__(self):
            self.key, sub = jax.random.split(self.key)
            return sub

        def tree_flatten(self):
            return (self.key,), None

        @classmethod
        def tree_unflatten(cls, _, leaves):
            return cls(*leaves)
"""

MAIN = """
    import jax

    from wrap import KeyWrap


    @jax.jit
    def draw(w):
        return jax.random.uniform(next(w), (4,))


    def two_draws(w: KeyWrap):
        a = draw(w)
        b = draw(w)
        return a, b
"""


def test_a_jitted_call_leaves_the_callers_wrapper_key_unadvanced(tmp_path):
    assert key_findings(tmp_path, {"wrap.py": WRAPPER, "main.py": MAIN}) == [("main.py", 13, "JAX501")]


def test_the_same_function_not_jitted_advances_the_callers_key(tmp_path):
    host = MAIN.replace("    @jax.jit\n", "")
    assert key_findings(tmp_path, {"wrap.py": WRAPPER, "main.py": host}) == []


def test_a_method_advancing_the_key_in_one_module_is_followed_by_next(tmp_path):
    one = WRAPPER + MAIN.replace("import jax\n\n    from wrap import KeyWrap\n", "")
    assert key_findings(tmp_path, {"main.py": one}) == [("main.py", 30, "JAX501")]


def test_a_jitted_call_whose_object_is_handed_back_and_rebound_is_clean(tmp_path):
    returned = MAIN.replace(
        "return jax.random.uniform(next(w), (4,))", "return jax.random.uniform(next(w), (4,)), w"
    ).replace("a = draw(w)", "a, w = draw(w)")
    assert key_findings(tmp_path, {"wrap.py": WRAPPER, "main.py": returned}) == []
