"""Clean look-alike from https://github.com/jax-ml/jax/issues/25953: the second split key goes
through `device_put` and is split once; JAX's checker wrongly raised here, nothing is reused."""
import jax

key = jax.random.key(0)
key1, key2 = jax.random.split(key)
_, key2 = jax.device_put((key1, key2))
jax.random.split(key2)
