from typing import Any, Dict, Tuple

from jax import tree_util


class BaseJaxPytreeDataClass:
    """Dataclass whose Array-annotated fields are pytree children and the rest static aux data."""

    def _tree_flatten(self) -> Tuple[Tuple[Any, ...], Dict[str, Any]]:
        children = tuple(getattr(self, attr) for attr in self._get_jit_dynamic_attributes())
        aux_data = {attr: getattr(self, attr) for attr in self._get_jit_static_attributes()}
        return (children, aux_data)

    @classmethod
    def _tree_unflatten(cls, aux_data, children):
        return cls(*children, **aux_data)

    def __hash__(self) -> int:
        aux_data = self._tree_flatten()[1]
        return hash(tuple(frozenset(sorted(aux_data.items()))))

    @classmethod
    def _get_jit_dynamic_attributes(cls) -> Tuple[str, ...]:
        return tuple(attr for attr, dtype in cls.__annotations__.items() if "Array" in str(dtype))

    @classmethod
    def _get_jit_static_attributes(cls) -> Tuple[str, ...]:
        dynamic = cls._get_jit_dynamic_attributes()
        return tuple(attr for attr in cls.__annotations__.keys() if attr not in dynamic)


def register_jax_pytree_node(cls) -> None:
    tree_util.register_pytree_node(cls, cls._tree_flatten, cls._tree_unflatten)
