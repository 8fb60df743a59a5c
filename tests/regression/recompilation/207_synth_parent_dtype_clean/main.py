"""Parent columns cast to int32 before the jitted sampler (the fix).

Source: https://github.com/ryan112358/mbi/pull/193
The PR's fix: "synthetic_data casts parent arrays to int32 to match the abstract
parents ... Output storage stays compact (only the JIT-input dtype changes)." The
stored columns keep their minimal dtypes; the sampler always sees int32.

Observed on jax 0.10.2: generate_column compiled 1 time
"""
import jax

from synth import synthetic_data


def run():
    cols = synthetic_data(domains=(4, 300, 6, 5), n_rows=32, key=jax.random.PRNGKey(0))
    return len(cols)
