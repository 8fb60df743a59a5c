"""Physics-constrained next-state predictor (stand-in for the haiku model of the paper)."""
import jax.numpy as jnp


def pred_xnext(params, x, u, eq_constraints=True):
    """Return the next state and the (possibly empty) equality / inequality constraint terms."""
    next_x = x + 0.1 * jnp.tanh(x @ params["W"] + u @ params["B"])
    eqCterms = (next_x[:, 0] - x[:, 0]) if eq_constraints else jnp.array([])
    ineqCterms = jnp.array([])  # this system has no inequality constraints
    return next_x, eqCterms, ineqCterms
