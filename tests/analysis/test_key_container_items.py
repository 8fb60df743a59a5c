"""A method called on an item of a container (`state.samplers["prior"].sample_p0(key)` where
every assignment of the field is a display building the item, `{"prior": PriorSampler(...)}`)
runs that class's method, so its key summary applies at the call
(``InstanceClasses.element_class``, read by ``keys.model.callees_of``): here a method that splits
the key and hands the new one back, dropped by a loop that draws again from the same key on
every pass (case prng/3107, measured on jax 0.10.2: 9 of 10 temperatures start from the same draw).
"""

from __future__ import annotations

from tests.analysis.test_key_flow import key_findings

SAMPLERS = """
    import jax


    class PriorSampler:
        def __init__(self, sig):
            self.sig = sig

        def sample_p0(self, key):
            key, subkey = jax.random.split(key)
            return self.sig * jax.random.normal(subkey, (3,)), key


    class State:
        def __init__(self, key):
            self.key = key
            self.samplers = {"prior": PriorSampler(1.0), "other": PriorSampler(2.0)}


    def initial_draws(state: State):
        out = []
        for t in range(3):
            z, _ = state.samplers["prior"].sample_p0(state.key)
            out.append(z)
        return out
"""


def test_a_method_of_an_item_of_a_dict_field_is_followed(tmp_path):
    assert key_findings(tmp_path, {"main.py": SAMPLERS}) == [("main.py", 22, "JAX503")]


def test_the_key_handed_back_and_kept_is_clean(tmp_path):
    kept = SAMPLERS.replace("z, _ = state.samplers", "z, state.key = state.samplers")
    assert key_findings(tmp_path, {"main.py": kept}) == []


def test_a_list_of_one_class_indexed_by_a_loop_variable_is_followed(tmp_path):
    listed = SAMPLERS.replace(
        '{"prior": PriorSampler(1.0), "other": PriorSampler(2.0)}', "[PriorSampler(1.0), PriorSampler(2.0)]"
    ).replace('state.samplers["prior"]', "state.samplers[t % 2]")
    assert key_findings(tmp_path, {"main.py": listed}) == [("main.py", 22, "JAX503")]


def test_items_of_different_classes_are_not_guessed(tmp_path):
    mixed = SAMPLERS.replace('"other": PriorSampler(2.0)', '"other": dict()').replace('samplers["prior"]', "samplers[name]").replace(
        "for t in range(3):", 'for name in ("prior", "other"):'
    )
    assert key_findings(tmp_path, {"main.py": mixed}) == []
