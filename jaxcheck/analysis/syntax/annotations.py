"""What a parameter's annotation says about the values it holds."""

from __future__ import annotations

from typing import Literal

import libcst as cst

from ... import names
from .scopes import Resolver, Scope

AnnotationKind = Literal["array", "scalar", "static", "unhashable", "other", "none"]


def annotation_kind(
    annotation: cst.BaseExpression | None, scope: Scope | None, resolver: Resolver
) -> AnnotationKind:
    """Classify an annotation: an array type, a `Static[...]` marker, an unhashable type."""
    if annotation is None or scope is None:
        return "none"
    base = annotation.value if isinstance(annotation, cst.Subscript) else annotation
    qualified = resolver.qualified_name(base, scope)
    if qualified is None:
        return "other"
    if qualified == names.STATIC_MARKER:
        return "static"
    if qualified in names.ARRAY_ANNOTATIONS or qualified in names.JAXTYPING_ARRAY_KINDS:
        return "array"
    if qualified in names.SCALAR_ANNOTATIONS and not isinstance(annotation, cst.Subscript):
        return "scalar"  # traced as a weakly typed array under jit; static under filter_jit
    if qualified in names.UNHASHABLE_ANNOTATIONS:
        return "unhashable"
    if qualified == "typing.Annotated" and isinstance(annotation, cst.Subscript):
        # Annotated[T, jaxcheck.typing.STATIC_MARKER] spelled out by hand.
        for element in annotation.slice[1:]:
            if isinstance(element.slice, cst.Index):
                marker = resolver.qualified_name(element.slice.value, scope)
                if marker is not None and marker.endswith("STATIC_MARKER") and marker.startswith("jaxcheck"):
                    return "static"
        first = annotation.slice[0].slice
        if isinstance(first, cst.Index):
            return annotation_kind(first.value, scope, resolver)
    return "other"
