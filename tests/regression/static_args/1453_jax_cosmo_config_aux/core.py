from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class Cosmology:
    def __init__(self, Omega_c, config={"flat": True}):  # expect: JAX301
        self.Omega_c = Omega_c
        self._config = config

    def tree_flatten(self):
        children = (self.Omega_c,)
        aux_data = self._config
        return children, aux_data

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        c = cls(*children)
        c._config.update(aux_data)
        return c
