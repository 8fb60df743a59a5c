"""adept logs to mlflow from inside JIT-compiled solvers: its `mlflow_callback` decorator wraps
a plain logging function so that the call inside jitted code goes through
`jax.debug.callback`, which is staged into the compiled program and runs on the host at every
execution (the run id is a hashable static value). Unlike a bare `mlflow.log_metrics` call in
the jitted body, every step's metrics reach the tracking store.

Source: https://github.com/ergodicio/adept/blob/bdbca15d080f19ab8899a6e9b8f8aa501795d3cc/adept/mlflow_logging.py
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax
import jax.numpy as jnp

from mlflow_logging import TRACKING_STORE
from train import train_step


def run():
    TRACKING_STORE.clear()
    x = jax.random.normal(jax.random.PRNGKey(0), (16, 3))
    y = x @ jnp.array([1.0, -2.0, 0.5])
    params = jnp.zeros(3)
    for _ in range(3):
        params, loss = train_step(params, x, y, mlflow_run_id="run-0")
    jax.effects_barrier()
    return 3 - len(TRACKING_STORE.get("run-0", []))
