"""Continual-learning mask experiments: the user wraps the PRNG in a small generator,
`make_key_gen(key)`, that splits the carried key on every `next()` and yields the subkey, and
draws every layer's initialisation and every mask's logits with `key=next(keygen)`. Each draw
consumes a fresh subkey and the carried key is never used for sampling itself.

Source: https://github.com/polionus/mask-continual/blob/61cb980aa4618496d40d65c9701b7ef8ca6b2cf5/rng.py#L4
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax
import jax.numpy as jnp


def make_key_gen(key):
    while True:
        key, subkey = jax.random.split(key)
        yield subkey


def init_masked_mlp(keygen, width, depth):
    layers = [jax.random.normal(next(keygen), (4, width))]
    layers += [jax.random.normal(next(keygen), (width, width)) for _ in range(depth - 2)]
    mask_logits = [jax.random.normal(key=next(keygen), shape=(w.shape[1],)) for w in layers]
    return layers, mask_logits


def run():
    keygen = make_key_gen(jax.random.key(0))
    layers, mask_logits = init_masked_mlp(keygen, width=8, depth=4)
    # count hidden layers whose initial weights repeat the previous layer's
    repeats = sum(int(bool(jnp.array_equal(layers[i], layers[i - 1]))) for i in range(2, len(layers)))
    repeats += sum(int(bool(jnp.array_equal(mask_logits[i], mask_logits[i - 1]))) for i in range(1, len(mask_logits)))
    return repeats


if __name__ == "__main__":
    print(run())
