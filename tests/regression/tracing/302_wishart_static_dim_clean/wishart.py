import jax
import jax.numpy as jnp

from .special import multigammaln


@jax.jit
def wishart_logpdf(x, scale, df):
    d = x.shape[0]  # static: comes from the shape
    _, logdet_x = jnp.linalg.slogdet(x)
    _, logdet_s = jnp.linalg.slogdet(scale)
    tr = jnp.trace(jnp.linalg.solve(scale, x))
    return (
        0.5 * (df - d - 1) * logdet_x
        - 0.5 * tr
        - 0.5 * df * d * jnp.log(2.0)
        - 0.5 * df * logdet_s
        - multigammaln(df / 2.0, d)
    )
