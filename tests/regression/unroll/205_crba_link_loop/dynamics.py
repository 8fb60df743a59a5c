import jax.numpy as jnp


def crba(model, inertias, xup):
    """Composite rigid body algorithm: joint-space mass matrix M(q)."""
    Ic = inertias
    for i in reversed(range(1, model.NB)):  # expect: JAX407
        p = model.parent[i]
        Ic = Ic.at[p].add(xup[i].T @ Ic[i] @ xup[i])
    return jnp.diag(jnp.trace(Ic, axis1=1, axis2=2))
