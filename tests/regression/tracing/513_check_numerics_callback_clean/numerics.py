import jax
import jax.numpy as jnp
import numpy as np

_enable_numeric_checks = True


def _raise_if_not_finite(all_finite, msg):
    if not np.asarray(all_finite):
        raise FloatingPointError(msg)


def check_numerics(x, msg_fmt: str = "", **msg_kwargs):
    """Checks that all elements in ``x`` are finite, at run time (works under jit/scan)."""
    if _enable_numeric_checks:
        msg = f"Check numerics {msg_fmt.format(**msg_kwargs)}"
        jax.debug.callback(_raise_if_not_finite, jnp.isfinite(x).all(), msg)
    return x
