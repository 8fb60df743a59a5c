"""Linear-operator module with its tags declared as a static field (fixed).

Source: https://github.com/patrick-kidger/lineax/issues/34
What happened: lineax issue #34 reported "TypeError: Value frozenset() ... is not a valid
JAX type" because `MatrixLinearOperator.tags: frozenset[object]` was a traced pytree field.
The reporter proposed, and PR #41 applied to every operator,
`tags: frozenset[object] = eqx.field(static=True)`; the operator can then cross a plain
`jax.jit` boundary (the frozenset is hashable metadata in the treedef).  Same operator and
CG step as the hazard, with the static field; repeated calls reuse one compilation.

Observed on jax 0.10.2: conjugate_gradient_step compiled 1 times
"""
import equinox as eqx
import jax
import jax.numpy as jnp

SYMMETRIC = "symmetric"


class MatrixLinearOperator(eqx.Module):
    matrix: jax.Array
    tags: frozenset = eqx.field(static=True)

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
    p = r
    for _ in range(2):
        x, r, p = conjugate_gradient_step(op, x, r, p)
    return x


if __name__ == "__main__":
    print(run())
