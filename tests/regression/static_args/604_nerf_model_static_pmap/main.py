"""The NeRF model object handed to the compiled train step as a static argument.

Source: https://github.com/google/hypernerf/issues/33
Running hypernerf's train.py failed at the first `ptrain_step(...)` call with
"Non-hashable static arguments are not supported ... TypeError: unhashable type:
'NerfModel'": the train step marks the model as a static (broadcast) argument,
and the model class (defined in its own module) is not hashable. Rebuilt with
`jax.jit(static_argnums=0)` in place of the pmap.

Observed on jax 0.10.2: raises ValueError
"""
import jax

from models import NerfModel
from training import train_step


def main(num_steps=2):
    model = NerfModel()
    params = model.init_params(jax.random.key(0))
    k1, k2 = jax.random.split(jax.random.key(1))
    batch = {"rays": jax.random.normal(k1, (32, 3)), "rgb": jax.random.uniform(k2, (32, 3))}
    stats = []
    for step in range(num_steps):
        params, loss = train_step(model, params, batch, 1e-2)  # expect: JAX301,JAX302,JAX303,JAX405
        stats.append(loss)
    return stats


def run():
    return main()[-1]
