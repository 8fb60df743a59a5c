import jax
import jax.numpy as jnp
import numpy as np

from factor import generate_column


def compact(values, domain):
    # store each generated column in the smallest dtype that fits its domain
    return np.asarray(values).astype(np.min_scalar_type(domain - 1))


def synthetic_data(domains, n_rows, key):
    logits = jnp.zeros((16, 8))
    first = np.arange(n_rows) % domains[0]
    columns = [compact(first, domains[0])]
    for j in range(1, len(domains)):
        key, sub = jax.random.split(key)
        parents = columns[j - 1].astype(np.int32)
        new = generate_column(logits, parents, sub, domain_size=8)
        columns.append(compact(new, domains[j]))
    return columns
