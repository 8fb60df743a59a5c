"""Adam bias correction ``decay ** count`` evaluated op-by-op with a concrete
integer step count: JAX lowers it to ``integer_pow`` with the exponent as a
static parameter, so every optimizer step compiles a new ``integer_pow``.

Source: https://github.com/google-deepmind/optax/issues/328
"`_bias_correction` forces recompilation of `integer_pow`": with
``loss_fn`` jitted but ``optimizer.update`` called eagerly,
``bias_correction_ = 1 - decay**count`` recompiled ``integer_pow`` at each of
the 1000 iterations (72 s vs 3.5 s); the reporter traced it to
``DeviceArray.__pow__`` hitting ``lax.integer_pow`` for a concrete count.  The
transforms module below mirrors optax's ``update_moment``/``bias_correction``
and is driven by an un-jitted training loop for 4 steps: ``integer_pow`` is
compiled once per step for the scalar ``decay ** count`` (exponents 1..4) plus
twice for the moment powers ``g ** 1``/``g ** 2``; the count grows with the
number of steps. (The run starts from empty compile caches, so that an
``integer_pow`` compiled earlier in the same process is not counted out.)

Observed on jax 0.10.2: integer_pow compiled 6 times
"""
import jax
import jax.numpy as jnp

from transforms import ScaleByAdamState, scale_by_adam_update


@jax.jit
def loss_grad(w, x, y):
    return jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)


def train(steps=4):
    x, y = jnp.ones((16, 3)), jnp.arange(16.0)
    w = jnp.zeros(3)
    state = ScaleByAdamState(jnp.zeros([], jnp.int32), jnp.zeros(3), jnp.zeros(3))
    for _ in range(steps):
        g = loss_grad(w, x, y)
        upd, state = scale_by_adam_update(g, state)
        w = w - 1e-2 * upd
    return w


def run():
    jax.clear_caches()
    return train()
