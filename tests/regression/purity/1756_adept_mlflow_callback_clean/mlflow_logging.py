from functools import wraps

import jax

# stand-in for the mlflow tracking server: run_id -> list of logged metric dicts
TRACKING_STORE = {}


def log_metrics(metrics, run_id):
    TRACKING_STORE.setdefault(run_id, []).append({k: float(v) for k, v in metrics.items()})


def mlflow_callback(func):
    """Wrap a logging function so it runs on the host via jax.debug.callback."""

    @wraps(func)
    def wrapper(*args, mlflow_run_id=None, **kwargs):
        if mlflow_run_id is None:
            return

        def _inner(*args, **kwargs):
            func(*args, mlflow_run_id=mlflow_run_id, **kwargs)

        jax.debug.callback(_inner, *args, **kwargs)

    return wrapper


@mlflow_callback
def log_loss(loss, grad_norm, *, mlflow_run_id):
    log_metrics({"loss": loss, "grad_norm": grad_norm}, run_id=mlflow_run_id)
