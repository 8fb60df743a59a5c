"""Identity jit built from a freshly defined nested function on every key broadcast.

Source: https://github.com/google/paxml/commit/e4fad96057a62c605f8cd36263080dc40a851988
What happened: paxml/partitioning.py, `PjitPartitioner.preprocess_prng_key`, cached a
`_broadcast_key` closure in `self._broadcast_key_fn`, but inside it defined
`def _identity(x): return x` and called `pjit.pjit(_identity, in_shardings=rep_sharding,
out_shardings=rep_sharding)(k)`.  Every broadcast therefore wrapped a brand-new function
object, so the identity program was traced and compiled again on every call to
`preprocess_prng_key` (once per eval/decode/train program run).  The commit "Move the
`_identity` function to a global scope so it isn't recompiled every time
`preprocess_prng_key` is called" hoisted `_identity` to module level.  Here the partitioner
module keeps the nested definition and the driver prepares a key for each of five eval
runs.

Observed on jax 0.10.2: _identity compiled 5 times
"""
import jax

from partitioning import PjitPartitioner


def run_eval(partitioner, root_key, num_runs=5):
    keys = []
    for run_idx in range(num_runs):
        eval_key = jax.random.fold_in(root_key, run_idx)
        keys.append(partitioner.preprocess_prng_key(eval_key))
    return keys


def run():
    partitioner = PjitPartitioner()
    keys = run_eval(partitioner, jax.random.PRNGKey(0))
    return len(keys)


if __name__ == "__main__":
    print(run())
