"""Constrained Kalman filter experiments: the filter over all observations runs in lax.scan.

The user's first version iterated `for i, d in enumerate(data):` (still in the file as a
comment) - a loop over a data-sized array that unrolls under jit. The committed `kf(data, ...)`
instead builds a `body_fun(latent, observe)` closure and runs
`jax.lax.scan(body, xs=data, init=init)`, so the jitted filter traces predict+update once no
matter how many observations there are.

Source: https://github.com/pnkraemer/code-robust-state-estimation-singular-noise/blob/4d0924bba20deef28678d8fe571eaf07684b2a5b/src/ckf/ckf.py#L13
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


def kalman_filter():
    def kf(data, /, *, init, latent, observe):
        body = body_fun(latent, observe)
        _, (ms, cs) = jax.lax.scan(body, xs=data, init=init, reverse=False)
        return ms, cs

    def body_fun(latent, observe):
        def fun(rv, datum):
            rv = predict(rv, latent)
            rv = update(rv, datum, observe)
            return rv, rv
        return fun

        # for i, d in enumerate(data):
        #     rv = predict(rv, latent)
        #     rv = update(rv, d, observe)

    return kf


def predict(rv, model):
    A, Q = model
    m, C = rv
    m = A @ m
    C = A @ C @ A.T + Q
    return m, C


def update(rv, data, model):
    A, Q = model
    m, C = rv
    z = A @ m
    S = A @ C @ A.T + Q
    K = C @ A.T @ jnp.linalg.inv(S)
    m = m - K @ (z - data)
    C = C - K @ A @ C
    return (m, C)


def run():
    d = 2
    kf = jax.jit(kalman_filter(), static_argnames=())
    latent = (jnp.eye(d) * 0.99, 0.01 * jnp.eye(d))
    observe = (jnp.eye(d), 0.1 * jnp.eye(d))
    data = jnp.cumsum(jax.random.normal(jax.random.PRNGKey(0), (500, d)), axis=0)
    init = (jnp.zeros(d), jnp.eye(d))
    ms, cs = kf(data, init=init, latent=latent, observe=observe)
    assert ms.shape == (500, d)
    return None
