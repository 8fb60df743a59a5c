"""Line-search state initialised with weakly typed scalars; update returns strong ones.

Source: https://github.com/google-deepmind/optax/commit/7c49fcfd4cd9e2bd4629463e5de345332e7273dd
What happened: optax/_src/linesearch.py, `scale_by_backtracking_linesearch.init_fn`,
returned `ScaleByBacktrackingLinesearchState(learning_rate=jnp.array(1.0),
value=jnp.array(jnp.inf), ..., info=BacktrackingLinesearchInfo(num_linesearch_steps=0,
decrease_error=jnp.array(jnp.inf)))`.  Those Python-scalar arrays are weakly typed, while
`update_fn` stores the objective value, step size and error computed from the
parameters, which are not.  A jitted `step(params, opt_state)` therefore saw a different
input signature on its second call and compiled again.  The commit ("make backtracking
init and update return the same state types, this avoids recompilation when calling
update") built the init values with `dtype=val_dtype` taken from the params.  Here the
line search lives in its own module and a driver runs a gradient-descent loop
with it.

Observed on jax 0.10.2: step compiled 2 times
"""
import jax
import jax.numpy as jnp

from linesearch import scale_by_backtracking_linesearch


def rosenbrock(params):
    x, y = params["x"], params["y"]
    return jnp.sum((1.0 - x) ** 2 + 100.0 * (y - x ** 2) ** 2)


solver = scale_by_backtracking_linesearch()


@jax.jit
def step(params, opt_state):
    value, grad = jax.value_and_grad(rosenbrock)(params)
    direction = jax.tree_util.tree_map(lambda g: -g, grad)
    updates, opt_state = solver.update(direction, opt_state, params, value=value,
                                       grad=grad, value_fn=rosenbrock)
    params = jax.tree_util.tree_map(lambda p, u: p + u, params, updates)
    return params, opt_state


def run():
    params = {"x": jnp.array([-1.2, 0.5]), "y": jnp.array([1.0, 0.3])}
    opt_state = solver.init(params)
    for _ in range(5):
        params, opt_state = step(params, opt_state)  # expect: JAX406
    return float(rosenbrock(params))


if __name__ == "__main__":
    print(run())
