"""Callable scan body with both __hash__ and __eq__: equal instances share the cache (fixed).

Source: https://github.com/jax-ml/jax/issues/14743
What happened: in "Unnecessary re-compiles for jax.lax.scan" two equal-hash callables
passed to `jax.lax.scan` compiled twice; jakevdp's reply added
`def __eq__(self, other): return isinstance(other, Identity)` next to `__hash__`, after
which the second scan reused the first compilation.  Same chunked response operator and
likelihood loop as the hazard, with value-based `__eq__`.  (On jax 0.10.2 an eager
`lax.scan` over a *fresh* instance still retraces even with `__eq__`, so, as users do, the
chunked apply is wrapped in `jax.jit` with the operator as a static argument -- that is
where `__hash__`/`__eq__` decide cache hits.)

Observed on jax 0.10.2: apply_in_chunks compiled 1 times
"""
import functools

import jax
import jax.numpy as jnp


class PowerLawResponse:
    def __init__(self, slope, offset):
        self.slope = slope
        self.offset = offset

    def __call__(self, carry, chunk):
        response = self.offset + jnp.abs(chunk) ** self.slope
        return carry + response.sum(), response

    def _key(self):
        return (type(self).__name__, self.slope, self.offset)

    def __hash__(self):
        return hash(self._key())

    def __eq__(self, other):
        return isinstance(other, PowerLawResponse) and self._key() == other._key()


@functools.partial(jax.jit, static_argnums=(0, 2))
def apply_in_chunks(operator, pixels, n_chunks=4):
    chunks = pixels.reshape(n_chunks, -1)
    total, responses = jax.lax.scan(operator, jnp.zeros(()), chunks)
    return total, responses.reshape(pixels.shape)


def log_likelihood(data, pixels, slope, offset):
    _, model = apply_in_chunks(PowerLawResponse(slope, offset), pixels, 4)
    return -0.5 * jnp.sum((data - model) ** 2)


def run():
    pixels = jax.random.normal(jax.random.PRNGKey(0), (64,))
    data = 1.0 + jnp.abs(pixels) ** 2.0
    values = [log_likelihood(data, pixels, 2.0, 1.0) for _ in range(3)]
    return float(values[-1])


if __name__ == "__main__":
    print(run())
