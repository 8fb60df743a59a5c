"""autoray: backend-agnostic `random.normal` advances a module-global JAX key.

Source: https://github.com/jcmgray/autoray/issues/27
(autoray, "JAX tracing out the random global key").

To give the jax backend numpy-like stateful randomness, autoray keeps a global
key and, on every draw, rebinds it with `global _JAX_RANDOM_KEY;
_JAX_RANDOM_KEY, subkey = jax.random.split(_JAX_RANDOM_KEY)`. The user jitted a
sampler built on `ar.do("random.normal", like="jax")` (quimb tensor-network
noise) and got the same "random" number on every call: the split happens once,
at trace time, and the rebinding stores a tracer in the global. On the first
draw the global key is seeded lazily from `random.SystemRandom` -- inside the
trace as well -- so those lines are marked too. Trimmed copy of autoray's
registry/dispatch.

Observed on jax 0.10.2: 1 of 5 calls
"""
import jax

_JAX_RANDOM_KEY = None


def jax_random_seed(seed=None):
    from random import SystemRandom

    global _JAX_RANDOM_KEY
    if seed is None:
        seed = SystemRandom().randint(-(2**63), 2**63 - 1)  # expect: JAX106
    _JAX_RANDOM_KEY = jax.random.PRNGKey(seed % (2**32))  # expect: JAX103


def jax_random_get_key():
    global _JAX_RANDOM_KEY
    if _JAX_RANDOM_KEY is None:
        jax_random_seed()
    _JAX_RANDOM_KEY, subkey = jax.random.split(_JAX_RANDOM_KEY)  # expect: JAX103
    return subkey


def jax_random_normal(loc=0.0, scale=1.0, size=None, **kwargs):
    if size is None:
        size = ()
    x = jax.random.normal(jax_random_get_key(), shape=size, **kwargs)
    if scale != 1.0:
        x = x * scale
    if loc != 0.0:
        x = x + loc
    return x


_FUNCS = {("jax", "random.normal"): jax_random_normal}


def do(fn, *args, like=None, **kwargs):
    return _FUNCS[(like, fn)](*args, **kwargs)


@jax.jit
def sampler():
    return do("random.normal", like="jax")


def run():
    samples = [float(sampler()) for _ in range(5)]
    # how many calls produced a fresh sample
    return len(set(samples))
