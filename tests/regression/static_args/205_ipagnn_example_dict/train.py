import jax

from .adapters import as_example, get_info
from .model import init_params, run_model


def evaluate(records):
    info = get_info()
    params = init_params(jax.random.PRNGKey(0), info)
    outputs = []
    for record in records:
        example = as_example(record)
        outputs.append(run_model(params, example, info))  # expect: JAX302
    return outputs
