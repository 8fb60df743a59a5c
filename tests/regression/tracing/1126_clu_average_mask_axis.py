"""CLU ``Average.from_model_output`` broadcasts the mask with ``axis=tuple(jnp.arange(...))``.

Source: https://github.com/google/CommonLoopUtils/commit/9147399887a0d2d78b90e2ff9da1348c157162a9
("Prevent JAX tracer error when jitting functions using Average-based metrics.")

To broadcast a per-example mask against per-token values, CLU's ``Average``
metric called ``jnp.expand_dims(mask, axis=tuple(jnp.arange(mask.ndim, values.ndim)))``.
Inside a jitted eval step, ``jnp.arange`` is staged out (see the omnistaging note
on jnp shape computations), so the axis tuple holds tracers and ``expand_dims``
cannot turn them into ints. The fix used ``np.arange``.

Observed on jax 0.10.2: raises TracerIntegerConversionError
"""
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Average:
    total: jnp.ndarray
    count: jnp.ndarray

    @classmethod
    def from_model_output(cls, values, mask=None, **_):
        if values.ndim == 0:
            values = values[None]
        if mask is None:
            mask = jnp.ones_like(values)
        if mask.shape[0] != values.shape[0]:
            raise ValueError("Argument `mask` must have the same leading dimension as `values`.")
        if mask.ndim < values.ndim:
            mask = jnp.expand_dims(mask, axis=tuple(jnp.arange(mask.ndim, values.ndim)))  # expect: JAX204
        mask = mask.astype(bool)
        return cls(
            total=jnp.where(mask, values, jnp.zeros_like(values)).sum(),
            count=jnp.where(mask, jnp.ones_like(values, dtype=jnp.int32),
                            jnp.zeros_like(values, dtype=jnp.int32)).sum(),
        )

    def compute(self):
        return self.total / self.count


@jax.jit
def eval_step(logits, labels, example_mask):
    per_token_loss = -jnp.take_along_axis(jax.nn.log_softmax(logits), labels[..., None], axis=-1)[..., 0]
    return Average.from_model_output(per_token_loss, mask=example_mask)


def run():
    logits = jnp.zeros((4, 6, 10))
    labels = jnp.ones((4, 6), jnp.int32)
    example_mask = jnp.array([1, 1, 1, 0])
    return eval_step(logits, labels, example_mask).compute()
