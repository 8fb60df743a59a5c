import jax
import jax.numpy as jnp

from simulator_jit import simulator_jit


def execute(x0, dt, num_steps, dynamics, controller, sensor=None, estimator=None,
            perturbation=None, key=None):
    _sensor = sensor if sensor else (lambda x, key=None: x)
    _estimator = estimator if estimator else (lambda y: y)
    _perturbation = (
        perturbation if perturbation else (lambda x, u, f, g: (lambda k: jnp.zeros(x.shape)))
    )
    key = jax.random.PRNGKey(0) if key is None else key
    return simulator_jit(x0, dt, num_steps, dynamics, controller,  # expect: JAX405
                         _sensor, _estimator, _perturbation, key)
