import jax.numpy as jnp

_enable_numeric_checks = True


def check_numerics(x, msg_fmt: str = "", **msg_kwargs):
    """Checks that all elements in ``x`` are finite."""
    if _enable_numeric_checks:
        assert bool(jnp.isfinite(x).all()), f"Check numerics {msg_fmt.format(**msg_kwargs)}"  # expect: JAX201
    return x
