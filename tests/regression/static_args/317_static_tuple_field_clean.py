"""Clean: a static Equinox field holding a tuple of Python ints.

Source: https://github.com/patrick-kidger/equinox/issues/863
The dynamiqs sparse DIA array keeps its diagonal offsets as a static tuple of
ints (hashable, compile-time structure); static fields are meant for exactly
this kind of metadata. Arrays stay in ordinary fields.

Observed on jax 0.10.2: runs
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class SparseDIA(eqx.Module):
    diags: jax.Array
    offsets: tuple[int, ...] = eqx.field(static=True)

    def matvec(self, v):
        out = jnp.zeros_like(v)
        n = v.shape[0]
        for k, off in enumerate(self.offsets):
            if off >= 0:
                out = out.at[: n - off].add(self.diags[k, off:] * v[off:])
            else:
                out = out.at[-off:].add(self.diags[k, : n + off] * v[: n + off])
        return out

    def shifted(self, delta):
        return SparseDIA(self.diags, tuple(int(o) + delta for o in self.offsets))


@eqx.filter_jit
def apply(op, v):
    return op.matvec(v)


def run():
    op = SparseDIA(jnp.ones((3, 6)), (-1, 0, 1))
    apply(op, jnp.arange(6.0))
    return apply(SparseDIA(jnp.ones((3, 6)), (-1, 0, 1)), jnp.arange(6.0))
