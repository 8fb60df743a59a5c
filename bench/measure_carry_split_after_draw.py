"""A scan body that splits its carried key, draws from the new parent and hands that parent back.

    python bench/measure_carry_split_after_draw.py

Each iteration draws from the key it hands back, and the next iteration splits that key again:
one key consumed twice, by a draw and by a split. jax's own checker says so, and the split's
children share bits with the draw.
"""
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(3)
bits = jax.random.bits(key, (8,), dtype=jnp.uint32)
children = jax.random.split(key, 2).reshape(-1)
print("draw bits:", bits.tolist())
print("split children:", children.tolist())
print("shared words:", sorted(set(bits.tolist()) & set(children.tolist())))


def body(carry, _):
    rng, x = carry
    rng, step_rng = jax.random.split(rng)
    x = x + jax.random.normal(rng, ())  # draws from the key handed back
    return (rng, x), x


with jax.debug_key_reuse(True):
    try:
        jax.lax.scan(body, (jax.random.key(0), 0.0), None, length=4)
        print("debug_key_reuse: no error")
    except Exception as error:  # KeyReuseError
        print("debug_key_reuse:", type(error).__name__)

with jax.debug_key_reuse(True):
    def straight(k):
        a = jax.random.normal(k, ())
        return a, jax.random.split(k)

    for label, fn in (("straight-line draw then split", straight),
                      ("scan, jitted", jax.jit(lambda k: jax.lax.scan(body, (k, 0.0), None, length=4)))):
        try:
            fn(jax.random.key(0))
            print(label, ": no error")
        except Exception as error:
            print(label, ":", type(error).__name__)
