import jax
import jax.numpy as jnp


class Sampler:
    """Base sampler: runs the token-by-token loop with a user `next` function."""

    def __call__(self, next, prompt, index, mask=None, end_token_id=None):
        max_length = prompt.shape[-1]

        def sample(prompt, index):
            def body(i, prompt):
                logits = next(prompt, i)
                next_token = self.get_next_token(jax.nn.softmax(logits))
                next_token = jnp.where(i < index, prompt[:, i], next_token)
                return prompt.at[:, i].set(next_token)

            return jax.lax.fori_loop(1, max_length, body, prompt)

        # compile the sampling loop for this call
        return jax.jit(sample)(prompt, index)  # expect: JAX402

    def get_next_token(self, probabilities):
        raise NotImplementedError


class GreedySampler(Sampler):
    def get_next_token(self, probabilities):
        return jnp.argmax(probabilities, axis=-1).astype(jnp.int32)


def get(identifier):
    if identifier == "greedy":
        return GreedySampler()
    raise ValueError(identifier)
