import jax
import jax.numpy as jnp

from .special import multigammaln


@jax.jit
def wishart_logpdf(x, scale, df):
    d = x.shape[0]
    dim = jnp.asarray(d)  # dimension kept as an array "for vmap friendliness"
    _, logdet_x = jnp.linalg.slogdet(x)
    _, logdet_s = jnp.linalg.slogdet(scale)
    tr = jnp.trace(jnp.linalg.solve(scale, x))
    return (
        0.5 * (df - dim - 1) * logdet_x
        - 0.5 * tr
        - 0.5 * df * dim * jnp.log(2.0)
        - 0.5 * df * logdet_s
        - multigammaln(df / 2.0, dim)
    )
