"""A helper that only splits a key and returns the new keys, whose caller discards them and
splits the same key again (Stoix's `evaluator_setup(key_e=key_e)` then `split(key_e)` in the
loop): the two splits give the same keys, but the first ones are never read, so no random bits
are seen twice. JAX's key-reuse checker still rejects the second split, eagerly.

Measured on jax 0.10.2 (run with python bench/key_split_for_caller.py):
    same keys from both splits: True
    first keys read: no; draws from the second keys all differ: True
    jax_debug_key_reuse: KeyReuseError on the second split
"""

import jax
import jax.numpy as jnp


def setup(key_e, n):
    key_e, *eval_keys = jax.random.split(key_e, n + 1)
    return jnp.stack(eval_keys)


key = jax.random.key(0)
discarded = setup(key, 2)
key2, *fresh = jax.random.split(key, 3)
print("same keys from both splits:", bool(jnp.all(jax.random.key_data(discarded) == jax.random.key_data(jnp.stack(fresh)))))
draws = [float(jax.random.normal(k)) for k in fresh]
print("first keys read: no; draws from the second keys all differ:", len(set(draws)) == len(draws))
jax.config.update("jax_debug_key_reuse", True)
try:
    key = jax.random.key(0)
    setup(key, 2)
    jax.random.split(key, 3)
    print("jax_debug_key_reuse: no error")
except Exception as error:  # noqa: BLE001
    print("jax_debug_key_reuse:", type(error).__name__, "on the second split")
