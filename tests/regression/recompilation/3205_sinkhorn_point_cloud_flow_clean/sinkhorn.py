import jax
import jax.numpy as jnp
from jax import jit


@jit
def entropy(P: jnp.ndarray) -> jnp.array:
    ans = P * jnp.log(P + 1e-30) - P
    return ans.sum()


@jit
def d_euclidean_matrix(x: jnp.ndarray, y: jnp.ndarray) -> jnp.ndarray:  # (nx, d), (ny, d) -> (nx, ny)
    c = jnp.sum((x[:, None] - y[None]) ** 2, axis=-1)
    return c


@jit
def sinkhorn_log(s: jnp.ndarray, t: jnp.ndarray, cost_matrix: jnp.ndarray, eps: float):
    c = cost_matrix / eps / cost_matrix.max()
    ls, lt = jnp.log(s), jnp.log(t)

    def update(_: int, val):
        _g = lt - jax.scipy.special.logsumexp(val[0][:, None] - c, axis=0).squeeze()
        _f = ls - jax.scipy.special.logsumexp(_g[None, :] - c, axis=-1).squeeze()
        return _f, _g

    f, g = jax.lax.fori_loop(0, 100, update, (jnp.ones_like(s), jnp.zeros_like(t)))
    P = jnp.exp(f.reshape(-1, 1) + g.reshape(1, -1) - c)
    div = (P * cost_matrix).sum() - eps * entropy(P)
    return div, P  # divergence, ot
