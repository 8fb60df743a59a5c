"""The index of sites as an answer to where a node is: `Collector.may_hold` (which module a
finding can be placed in, without generating the module's code) and `Collector.sites_in`
(the sites of one function's own body, without walking it)."""

from __future__ import annotations

import libcst as cst

from jaxcheck.analysis.syntax.collect import Collector
from jaxcheck.positions import all_nodes

HELPER = """
def helper(x, key):
    y = x + 1
    del key
    class Inner:
        del_me = 1
        del del_me
    def nested(z):
        del z
    return y
"""

OTHER = """
def step(x):
    return jax.jit(lambda v: v)(x)
"""


def _collected(source: str) -> tuple[cst.Module, Collector]:
    module = cst.parse_module(source)
    return module, Collector(module)


def test_may_hold_is_false_only_for_an_indexed_node_of_another_module() -> None:
    helper, helper_sites = _collected(HELPER)
    other, other_sites = _collected(OTHER)
    for node in all_nodes(helper.body):
        assert helper_sites.may_hold(node)  # every node of a module may be in it
    calls = [n for n in all_nodes(other.body) if type(n) is cst.Call]
    assert calls and not any(helper_sites.may_hold(call) for call in calls)
    # Names are not indexed: the index cannot tell where one is.
    names = [n for n in all_nodes(other.body) if type(n) is cst.Name]
    assert names and all(helper_sites.may_hold(name) for name in names)
    assert all(other_sites.may_hold(call) for call in calls)


def test_sites_in_keeps_a_function_body_apart_from_what_it_defines() -> None:
    _, collector = _collected(HELPER)
    helper = next(f for f in collector.functions if f.name == "helper")
    nested = next(f for f in collector.functions if f.name == "nested")
    own = [s.node for s in collector.sites_in(helper, cst.Del) if s.scope is helper]
    assert [cst.Module([]).code_for_node(d.target) for d in own] == ["key"]  # type: ignore[attr-defined]
    # The class body's `del` sits in the function's class scope, the nested function's in its own.
    assert len(collector.sites_in(helper, cst.Del)) == 2
    assert [cst.Module([]).code_for_node(s.node.target) for s in collector.sites_in(nested, cst.Del)] == ["z"]  # type: ignore[attr-defined]
    assert collector.sites_in(None, cst.FunctionDef)[0].node is helper.node


def test_a_deleted_key_parameter_is_found_from_the_index_in_the_body_only() -> None:
    from jaxcheck.analysis import ModuleFacts

    source = '''
import jax


def step(state, action, key):
    del key
    state = dict(state, rng_key=jax.random.PRNGKey(0))
    return jax.random.permutation(state["rng_key"], 136)


def kept(state, key):
    class Holder:
        key = 1
        del key
    return jax.random.permutation(key, 136)
'''
    facts = ModuleFacts(cst.parse_module(source))
    deleted = [(d.function.name, d.param.name) for d in facts.keys.deleted]
    assert deleted == [("step", "key")]
