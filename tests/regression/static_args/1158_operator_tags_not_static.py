"""Linear-operator module keeps its frozenset of tags as a traced (non-static) field.

Source: https://github.com/patrick-kidger/lineax/issues/34
What happened: lineax's `MatrixLinearOperator(AbstractLinearOperator)` was declared with
`matrix: Float[Array, "a b"]` and `tags: frozenset[object]` -- the tags were an ordinary
pytree field although they are pure metadata.  With `eqx.filter_jit` the frozenset was
silently treated as static, but under plain `jax.jit` (or when an operator is built inside
a `lax` loop) JAX tries to treat the frozenset as an array leaf: "TypeError: Value
frozenset() with type <class 'frozenset'> is not a valid JAX type".  The fix (PR #41,
commit d48e03f "non pytree marked as static to enable downstream jit/filter_jit") declared
`tags: frozenset[object] = eqx.static_field()` on every operator.  Here a symmetric
matrix operator tagged `{"symmetric"}` is handed to a `jax.jit`-compiled CG step.

Observed on jax 0.10.2: raises TypeError
"""
import equinox as eqx
import jax
import jax.numpy as jnp

SYMMETRIC = "symmetric"


class MatrixLinearOperator(eqx.Module):
    matrix: jax.Array
    tags: frozenset  # expect: JAX306

    def __init__(self, matrix, tags=()):
        self.matrix = matrix
        self.tags = frozenset(tags) if not isinstance(tags, frozenset) else tags

    def mv(self, vector):
        return self.matrix @ vector


@jax.jit
def conjugate_gradient_step(operator, x, r, p):
    ap = operator.mv(p)
    alpha = jnp.dot(r, r) / jnp.dot(p, ap)
    x = x + alpha * p
    r_new = r - alpha * ap
    beta = jnp.dot(r_new, r_new) / jnp.dot(r, r)
    return x, r_new, r_new + beta * p


def run():
    a = jnp.array([[4.0, 1.0], [1.0, 3.0]])
    op = MatrixLinearOperator(a, {SYMMETRIC})
    b = jnp.array([1.0, 2.0])
    x = jnp.zeros(2)
    r = b - op.mv(x)
    x, r, p = conjugate_gradient_step(op, x, r, r)
    return x


if __name__ == "__main__":
    print(run())
