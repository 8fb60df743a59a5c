"""In the QNLP relative-pronoun notebook the cost function builds discopy circuits from the
parameter vector and evaluates them; `get_cost` is wrapped in jax.jit. The gate classes (gates.py)
compute their matrices with plain numpy (`np.pi * phase`, `np.exp`, `np.cos`), so under jit the
traced parameters reach numpy and the call fails with TracerArrayConversionError while tracing
`get_cost`.

Source: https://github.com/Quantinuum/qnlp_lorenz_etal_2021_resources/issues/2
Observed on jax 0.10.x: raises TracerArrayConversionError
"""
import jax
import jax.numpy as jnp

from gates import circuit_from_params, eval_circuit

train_labels = jnp.array([1.0, 0.0, 1.0])


def get_cost(unshaped_params):
    params = unshaped_params.reshape(3, 3)
    preds = jnp.stack([eval_circuit(circuit_from_params(p)) for p in params])
    return jnp.mean((preds - train_labels) ** 2)


get_cost_jit = jax.jit(get_cost)


def run():
    rand_unshaped_pars = jax.random.uniform(jax.random.PRNGKey(0), (9,))
    for _ in range(2):
        cost = get_cost_jit(rand_unshaped_pars)
    return 0
