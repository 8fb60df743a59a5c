"""The arguments experiments are given: a finding about a key an object holds is judged by calls
that leave the object's optional key parameters at their defaults, and refuted only when the key
drawn at its line was not one the experiment passed in (real jax: the key ledger records what
each draw consumed); a `Literal[...]` mode parameter is given each of its values in turn."""

from __future__ import annotations

import jax

from jaxcheck.runtime import inputs
from jaxcheck.runtime.key_ledger import KeyLedger


def _sample(x, prng_key=None, scale: float = 1.0):
    return x * scale if prng_key is None else x + jax.random.normal(prng_key, x.shape)


def test_synthesis_leaves_the_named_parameters_at_their_defaults() -> None:
    made = inputs.synthesized(_sample, {}, frozenset(), {}, 0, keys=frozenset({"prng_key"}))
    assert "prng_key" in made.kwargs or len(made.args) > 1  # a key, as before
    kept = inputs.synthesized(
        _sample, {}, frozenset(), {}, 0, keys=frozenset({"prng_key"}), defaults=frozenset({"prng_key"}),
    )
    assert len(kept.args) == 1 and "prng_key" not in kept.kwargs, kept.describe()
    assert kept.variant(1).kwargs.keys() == kept.kwargs.keys()  # the calls after the first keep it too


def test_the_ledger_tells_the_draws_from_keys_passed_in() -> None:
    """Two draws at one line: one from a key the caller passed, one from a key made inside."""
    passed = jax.random.PRNGKey(7)
    here = __file__

    def draw(key):
        return jax.random.normal(key, (2,))  # the line both draws run at

    line = draw.__code__.co_firstlineno + 1
    with KeyLedger(lambda path: path == here) as ledger:
        draw(passed)
        draw(jax.random.PRNGKey(8))
    assert ledger.consumed_at(here, range(line, line + 1)) == 2
    assert ledger.consumed_from({"key": passed}, here, range(line, line + 1)) == 1
    assert ledger.consumed_from(((passed,), {}), here, range(line, line + 1)) == 1
    assert ledger.consumed_from([], here, range(line, line + 1)) == 0


def test_a_literal_parameter_is_given_each_of_its_values_in_turn() -> None:
    import typing

    def features(x, kernel: typing.Literal["gaussian", "arccos", "relu"], n: int = 1):
        return x

    made = [c.values() for c in inputs.candidates(features, {"typing": typing})]
    assert made[:4] == [
        "float32[3], 'gaussian', 3", "float32[3], 'arccos', 3", "float32[3], 'relu', 3", "float32[], 'gaussian', 3",
    ], made


def test_rows_of_points_come_after_the_vectors() -> None:
    """`n, d = x.shape` raises on every vector: the last shape synthesis tries is rows."""
    import jax

    def pairwise(x: jax.Array, y: jax.Array):
        n, d = x.shape
        return x @ y.T

    made = [c.values() for c in inputs.candidates(pairwise, {"jax": jax})]
    assert made == ["float32[3], float32[3]", "float32[4, 3], float32[4, 3]"], made
