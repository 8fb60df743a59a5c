"""Clean look-alike from https://github.com/blackjax-devs/blackjax/pull/656: the recommended
loop, one `fold_in(key, step)` per iteration."""
import jax

key = jax.random.key(42)
total = 0.0
for step in range(100):
    subkey = jax.random.fold_in(key, step)
    values = jax.random.normal(subkey, [3, 5])
    total = total + values.sum()
