"""fea-in-jax's jitted ``linear_solve`` has an opt-in self-check: with the static flag
``check_consistency=True`` it compares the autodiff Jacobian-vector product with a dense
``jacfwd`` Jacobian and reports the result with ``jax.debug.print(..., {})``. The flag is a
static bool, and the report goes through jax.debug.print, which is staged into the compiled
program, so the check message appears on every solve, not only when tracing.

Source: https://github.com/KeithBallard/fea-in-jax/blob/4926f7d22646ae8c87e152e616e263b01791a86f/src/fe_jax/sparse_linear_solve.py#L197
Observed on jax 0.10.x: 3 of 3 calls
"""
import contextlib
import io
import sys
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=["check_consistency"])
def linear_solve(R_w_dirichlet, x_0, check_consistency):
    J_vp = jax.tree_util.Partial(lambda x, z: jax.jvp(R_w_dirichlet, (x,), (z,))[1], x_0)

    if check_consistency:
        v = jax.random.uniform(jax.random.key(0), x_0.shape, x_0.dtype)
        J_dense = jax.jacfwd(R_w_dirichlet)(x_0)
        jax.debug.print(
            "Jacobian-vector product via autodiff matches product via dense Jacobian from jacfwd: {}",
            jnp.isclose(J_vp(v), J_dense @ v).all(),
        )

    R_0 = R_w_dirichlet(x_0)
    delta_x, _ = jax.scipy.sparse.linalg.cg(J_vp, -R_0)
    return x_0 + delta_x


A = jnp.array([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]])
b = jnp.array([1.0, 2.0, 3.0])
residual = jax.tree_util.Partial(lambda x: A @ x + 0.1 * x**3 - b)


def run():
    x = jnp.zeros(3)
    reported = 0
    for newton_iter in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            x = linear_solve(residual, x, check_consistency=True)
            x.block_until_ready()
            jax.effects_barrier()
            sys.stdout.flush()
        reported += "matches" in buf.getvalue()
    return int(reported)


if __name__ == "__main__":
    run()
