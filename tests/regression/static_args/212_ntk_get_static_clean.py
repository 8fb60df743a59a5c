"""Empirical kernel function jitted with its string `get` argument static.

Source: https://github.com/google/neural-tangents/issues/106
The maintainer's correction in the thread: an empirical kernel function with
signature (x1, x2, get, params) must be jitted as
`jax.jit(kernel_fn, static_argnums=[2])`, otherwise jit "complains that argument
2 ... is a string". This is the corrected form, jitted once and reused.

Observed on jax 0.10.2: empirical_kernel compiled 1 time
"""
import jax
import jax.numpy as jnp


def apply_fn(params, x):
    return jnp.tanh(x @ params["w1"]) @ params["w2"]


def empirical_kernel_fn(f):
    def empirical_kernel(x1, x2, get, params):
        def jac(x):
            return jax.jacobian(lambda p: f(p, x))(params)

        j1, j2 = jac(x1), jac(x2)
        ntk = sum(
            jnp.einsum("ao...,bo...->ab", a.reshape(a.shape[0], a.shape[1], -1),
                       b.reshape(b.shape[0], b.shape[1], -1))
            for a, b in zip(jax.tree_util.tree_leaves(j1), jax.tree_util.tree_leaves(j2))
        )
        nngp = f(params, x1) @ f(params, x2).T
        return {"ntk": ntk, "nngp": nngp}[get]

    return empirical_kernel


kernel_fn = jax.jit(empirical_kernel_fn(apply_fn), static_argnums=(2,))


def run():
    key = jax.random.PRNGKey(0)
    params = {"w1": jax.random.normal(key, (3, 8)), "w2": jnp.ones((8, 1))}
    xs = jnp.ones((4, 3))
    out = None
    for i in range(3):
        out = kernel_fn(xs * i, xs, "ntk", params)
    return out
