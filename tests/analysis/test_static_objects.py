"""Where a static object is made, and whether the cache sees the same one (analysis/host/
cache_keys.py, transforms/instances.py, host/hashing.py). Measured on jax 0.10.2 in
bench/measure_identity_statics.py and tests/evidence/test_recompilation.py: an object hashed by
identity rebuilt on each pass (a constructor, `copy.deepcopy`, a method returning a new one)
compiles on each pass, one reused once; one changed in place keeps its program and its old
attributes; a bound method compares by the identity of its receiver, whatever its class."""

from __future__ import annotations

import textwrap

import libcst as cst

from jaxcheck.analysis import ModuleFacts

_MODEL = """
import copy
import dataclasses
from functools import partial
import jax


class Model:
    def __init__(self, lr):
        self.lr = lr

    @partial(jax.jit, static_argnums=0)
    def step(self, x):
        return x * self.lr

    def refit(self):
        return Model(self.lr)

    def same(self):
        return self


@dataclasses.dataclass(frozen=True)
class Frozen:
    lr: float

    @partial(jax.jit, static_argnums=0)
    def step(self, x):
        return x * self.lr
"""


def keys(source: str) -> list[tuple[str, str, str]]:
    facts = ModuleFacts(cst.parse_module(textwrap.dedent(_MODEL) + textwrap.dedent(source)))
    return [(key.param, key.renewed, key.hashing.description) for key in facts.identity_keys]


def test_a_receiver_rebound_to_a_new_object_on_each_pass_is_renewed_per_iteration():
    found = keys(
        """
        def fit(xs):
            m = Model(0.1)
            for x in xs:
                m.step(x)
                m = m.refit()
        """
    )
    assert found == [("self", "iteration", "a new `Model`")]


def test_a_receiver_rebound_to_itself_is_the_same_key():
    assert keys(
        """
        def fit(xs):
            m = Model(0.1)
            for x in xs:
                m.step(x)
                m = m.same()
        """
    ) == []


def test_a_copy_hashes_as_the_copied_objects_class():
    found = keys(
        """
        def refits(xs):
            base = Model(0.1)
            for x in xs:
                m = copy.deepcopy(base)
                m.step(x)

        def frozen(xs):
            base = Frozen(0.1)
            for x in xs:
                m = copy.deepcopy(base)  # equal copies: one compile
                m.step(x)
        """
    )
    assert found == [("self", "iteration", "a new copy (`copy.deepcopy`) of a `Model`")]


_STALE = """
import jax
from functools import partial


class Box:
    def __init__(self, val):
        self.val = val
        self.tag = "box"

    def bump(self):
        self.val += 1


@partial(jax.jit, static_argnums=1)
def add(x, box):
    return x + box.val
"""


def stale(source: str) -> list[tuple[str, str]]:
    facts = ModuleFacts(cst.parse_module(textwrap.dedent(_STALE) + textwrap.dedent(source)))
    return [(key.renewed, key.hashing.description) for key in facts.identity_keys]


def test_an_attribute_the_jitted_function_reads_changed_between_calls_is_stale():
    assert stale(
        """
        def run():
            z = Box(5)
            add(1, z)
            z.val = 6
            return add(1, z)
        """
    ) == [("mutated", "the `Box` `z`, changed on line 22 (`z.val = 6`)")]


def test_a_method_changing_the_object_on_each_pass_of_the_loop_is_stale():
    assert [renewed for renewed, _ in stale(
        """
        def run(xs):
            z = Box(5)
            for x in xs:
                add(x, z)
                z.bump()
        """
    )] == ["mutated"]


def test_a_change_before_any_call_an_attribute_never_read_or_a_new_object_per_pass_is_not_stale():
    assert [renewed for renewed, _ in stale(
        """
        def before(xs):
            z = Box(5)
            z.val = 3
            for x in xs:
                add(x, z)

        def unread(xs):
            z = Box(5)
            for x in xs:
                add(x, z)
                z.tag = "seen"

        def fresh(xs):
            for x in xs:
                z = Box(5)
                z.val = 3
                add(x, z)
        """
    )] == ["iteration"]  # `fresh` builds a new object on each pass: it compiles again, not stale


def test_a_bound_method_of_a_receiver_renewed_by_the_caller_is_keyed_by_that_receiver():
    facts = ModuleFacts(cst.parse_module(textwrap.dedent(
        """
        from functools import partial
        from typing import NamedTuple
        import jax

        @partial(jax.jit, static_argnums=0)
        def update(loss_fn, w):
            return jax.grad(loss_fn)(w)

        class State(NamedTuple):
            w: float

            def loss(self, w):
                return w * self.w

            def train1(self):
                return self._replace(w=update(self.loss, self.w))

        def run():
            state = State(1.0)
            for _ in range(4):
                state = state.train1()
        """
    )))
    assert [(key.param, key.renewed) for key in facts.identity_keys] == [("loss_fn", "caller")]


def test_static_argnums_of_a_jitted_bound_method_count_after_its_receiver():
    facts = ModuleFacts(cst.parse_module(textwrap.dedent(
        """
        import jax

        class Diffusion:
            def loss(self, params, x, score):
                return score(params * x)

        def train(ps):
            diffusion = Diffusion()
            loss_fn = diffusion.loss
            for p in ps:
                step = jax.jit(loss_fn, static_argnums=(2,))
                step(p, 1.0, lambda v: v)
        """
    )))
    (call,) = facts.jitted_calls
    assert call.static == frozenset({"score"})
    assert [(key.param, key.renewed) for key in facts.identity_keys] == [("score", "iteration")]
