"""Whether a host call of a jitted callable finds its compiled version in the cache, decided in
one place: which part of its cache key differs between its calls, and why.

jit keys its cache on the static arguments (by hash and `==`), and on the shape, dtype and weak
type of each traced argument, with their tree structure. This module reads each of those parts
once per call, from the finder that knows it, and hands the rules one list
(``facts.key_variations``): JAX403 reads the static part, JAX404 the shape, JAX406 the dtype.
(A part compared by identity and built anew, JAX405, is an
:class:`~jaxcheck.analysis.host.cache_keys.IdentityKey`: the value, not its change, is the hazard.)

- ``static``: a static value that takes a new value on every iteration or call
  (:class:`~jaxcheck.analysis.host.cache_keys.StaticVariation`);
- ``shape``: a traced argument whose shape changes between iterations or calls, one per call
  (:class:`~jaxcheck.analysis.host.shape_keys.ShapeVariation`);
- ``dtype``: a traced argument whose dtype or weak type differs from another call's
  (:class:`~jaxcheck.analysis.host.cache_keys.DtypeChange`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Union

import libcst as cst

from .cache_keys import DtypeChange, StaticVariation, find_dtype_changes, find_static_variations
from .shape_keys import ShapeVariation, find_shape_variations

if TYPE_CHECKING:
    from ..facts import ModuleFacts

KeyPart = Literal["static", "shape", "dtype"]
Cause = Union[StaticVariation, ShapeVariation, DtypeChange]


@dataclass(frozen=True)
class KeyVariation:
    """A part of a jitted call's cache key that differs between its calls, so that the call
    compiles again: which part, at which argument, and the record of why."""

    part: KeyPart
    cause: Cause

    @property
    def call(self) -> cst.Call:
        return self.cause.call

    @property
    def argument(self) -> cst.BaseExpression:
        return self.cause.argument


def find_key_variations(facts: ModuleFacts) -> list[KeyVariation]:
    """Every part of a host jitted call's cache key that varies between its calls (read it as
    ``facts.key_variations``): the static values, the shapes (the first argument that changes
    speaks for its call) and the dtypes."""
    found = [KeyVariation("static", change) for change in find_static_variations(facts)]
    shaped: set[cst.Call] = set()
    for change in find_shape_variations(facts):
        if change.call not in shaped:
            shaped.add(change.call)
            found.append(KeyVariation("shape", change))
    found += [KeyVariation("dtype", change) for change in find_dtype_changes(facts)]
    return found
