"""Optimizer state step counter starts weakly typed and comes back strongly typed.

Source: https://github.com/google-deepmind/optax/commit/b601cd0d9d704945259c13fa47dec6352ec69465
What happened: Robert Dyro's commit "Add tests to detect recompilation in 2nd call to
update" made the alias/contrib test-suites log compilations around the second `update`
and assert none happen.  It exposed optax/contrib/_ademamix.py:
`scale_by_simplified_ademamix.init_fn` returned `ScaleBySimplifiedAdEMAMixState(
t=jnp.array(0), ...)` -- a weakly typed int -- while `update_fn` stores
`t = numerics.safe_increment(state.t)`, a strongly typed int32, so a jitted training step
compiles once for the init state and again for every later state.  The fix was
`t=jnp.array(0, jnp.int32)` (and matching dtypes in `reduce_on_plateau`).  Here the
optimizer and the numerics helper are separate modules and the driver runs 5 jitted
steps.

Observed on jax 0.10.2: train_step compiled 2 times
"""
import jax
import jax.numpy as jnp

from ademamix import scale_by_simplified_ademamix

opt = scale_by_simplified_ademamix()


def loss_fn(params, x, y):
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)


@jax.jit
def train_step(params, opt_state, x, y):
    grads = jax.grad(loss_fn)(params, x, y)
    updates, opt_state = opt.update(grads, opt_state, params)
    params = jax.tree_util.tree_map(lambda p, u: p - 1e-2 * u, params, updates)
    return params, opt_state


def run():
    params = {"w": jnp.zeros((3, 1)), "b": jnp.zeros(1)}
    opt_state = opt.init(params)
    x = jax.random.normal(jax.random.PRNGKey(0), (16, 3))
    y = x @ jnp.array([[1.0], [-2.0], [0.5]])
    for _ in range(5):
        params, opt_state = train_step(params, opt_state, x, y)  # expect: JAX406
    return float(loss_fn(params, x, y))


if __name__ == "__main__":
    print(run())
