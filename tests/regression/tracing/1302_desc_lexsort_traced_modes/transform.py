"""DESC-style Transform: checks that the basis is compatible with the fft method."""
import jax
import jax.numpy as jnp
import numpy as np


@jax.tree_util.register_pytree_node_class
class FourierZernikeBasis:
    def __init__(self, modes, NFP=1):
        self.modes = modes
        self.NFP = NFP

    def tree_flatten(self):
        return (self.modes,), (self.NFP,)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], *aux)


class Transform:
    def __init__(self, grid, basis, method="fft"):
        self.grid = grid
        self.basis = basis
        self.method = method
        if method == "fft":
            self._check_inputs_fft(grid, basis)

    def _check_inputs_fft(self, grid, basis):
        id2 = np.lexsort((basis.modes[:, 1], basis.modes[:, 0], basis.modes[:, 2]))  # expect: JAX203
        self.modes_sorted = basis.modes[id2]
        self.N = int(np.max(np.abs(basis.modes[:, 2])))

    def transform(self, c):
        l, m, n = self.basis.modes.T
        return jnp.sum(c[None, :] * jnp.cos(m[None, :] * self.grid[:, None]
                                             + n[None, :] * self.grid[:, None]), axis=-1)
