"""trax: `Scan` combinator passes the layer's single `self.rng` to every step.

Source: https://github.com/google/trax/commit/9483a5a1221ea61d36ce2c013cb08eb029d8f843
(trax, "Correct Scan implementation to use different rngs in different steps,
add random.fold_in to fastmath").

`tl.Scan(sublayer)` runs the sublayer over the time axis with `lax.scan`.
Inside the scanned function it called
`self.sublayer.pure_fn(x_and_carry, weights, state, self.rng, use_cache=True)`:
the same key at every step, so a stochastic sublayer (dropout in an RNN cell)
drew the identical mask at every time step. The fix carries the step index and
uses `fastmath.random.fold_in(self.rng, i)` (clean look-alike). Layer classes
trimmed to what Scan needs.

Observed on jax 0.10.2: 4 of 5 calls
"""
import jax
import jax.numpy as jnp


class Layer:
    def __init__(self):
        self.rng = jax.random.PRNGKey(0)
        self.weights = ()
        self.state = ()

    def pure_fn(self, x, weights, state, rng, use_cache=False):
        return self.forward_with_state(x, weights, state, rng)


class DropoutCell(Layer):
    """Toy recurrent cell with dropout on the input: (x, carry) -> (y, carry)."""

    def __init__(self, rate=0.5):
        super().__init__()
        self.rate = rate

    def forward_with_state(self, inputs, weights, state, rng):
        x, carry = inputs
        keep = jax.random.bernoulli(rng, 1.0 - self.rate, x.shape)
        y = jnp.tanh(jnp.where(keep, x / (1.0 - self.rate), 0.0) + carry)
        return (keep.astype(jnp.float32), y), state


class Scan(Layer):
    def __init__(self, sublayer, axis=0, n_carry=1):
        super().__init__()
        self.sublayer = sublayer
        self._axis = axis
        self._n_carry = n_carry

    def forward(self, inputs):
        weights = self.sublayer.weights
        n_carry = self._n_carry

        def scannable_fn(x, carry_and_state):
            carry, state = carry_and_state
            x_and_carry = (x,) + carry if n_carry > 0 else x
            res, new_state = self.sublayer.pure_fn(
                x_and_carry, weights, state, self.rng, use_cache=True  # missed: JAX503 (the key is passed to a method of an object held in a field (`self.sublayer.pure_fn`); keys are not yet values the interpreter follows)
            )
            if n_carry > 0:
                return (res[:-n_carry], (res[-n_carry:], new_state))
            return (res, ([], new_state))

        xs = inputs[:-n_carry]
        init = (inputs[-n_carry:], self.sublayer.state)
        ys, (carry, new_state) = _scan(scannable_fn, xs[0], init, axis=self._axis)
        self.state = (new_state,)
        return ys, carry


def _scan(f, xs, init_value, axis=0):
    def body(carry, x):
        y, new_carry = f(x, carry)
        return new_carry, y

    xs = jnp.moveaxis(xs, axis, 0)
    carry, ys = jax.lax.scan(body, init_value, xs)
    return ys, carry


def run():
    rnn = Scan(DropoutCell(rate=0.5), axis=0)
    xs = jnp.ones((5, 8))  # 5 time steps
    (masks,), carry = jax.jit(rnn.forward)((xs, jnp.zeros((8,))))
    # how many later time steps reused the dropout mask of step 0
    return sum(int(jnp.array_equal(masks[t], masks[0])) for t in range(1, masks.shape[0]))
