"""Signal-response operators evaluated chunk by chunk with lax.scan (memory bound)."""
import jax
import jax.numpy as jnp


class PowerLawResponse:
    """Callable scan body: maps one chunk of pixels to its model response."""

    def __init__(self, slope, offset):
        self.slope = slope
        self.offset = offset

    def __call__(self, carry, chunk):
        response = self.offset + jnp.abs(chunk) ** self.slope
        return carry + response.sum(), response

    def __hash__(self):
        return hash((type(self).__name__, self.slope, self.offset))


def apply_in_chunks(operator, pixels, n_chunks=4):
    """Like vmap, but bounded memory: scan the operator over chunks of the input."""
    chunks = pixels.reshape(n_chunks, -1)
    total, responses = jax.lax.scan(operator, jnp.zeros(()), chunks)  # expect: JAX405
    return total, responses.reshape(pixels.shape)
