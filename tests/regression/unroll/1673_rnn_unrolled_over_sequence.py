"""A user asked how to write the simplest RNN in Objax and whether jit can be applied over the
entire unrolled network; the answer pointed to the Shakespeare example, whose zoo `RNN.__call__`
iterates `for x in inputs` over the time axis of the input array inside the jitted train op, so
every timestep is traced into the program (the reporter found it trained slowly; haiku's
`dynamic_unroll` / `lax.scan` was suggested instead). Rebuilt in plain JAX with the zoo RNN's
structure and the example's clipped-gradient train op.

Source: https://github.com/google/objax/issues/31
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jn


class RNN:
    def __init__(self, nstate, nin, nout, key):
        k1, k2, k3 = jax.random.split(key, 3)
        self.params = {"w_xh": jax.random.normal(k1, (nin, nstate)) * 0.01,
                       "w_hh": jax.random.normal(k2, (nstate, nstate)) * 0.01,
                       "b_h": jn.zeros(nstate),
                       "w_hq": jax.random.normal(k3, (nstate, nout)) * 0.01,
                       "b_q": jn.zeros(nout)}
        self.nstate = nstate

    def apply(self, params, inputs):
        state = jn.zeros((inputs.shape[1], self.nstate))
        outputs = []
        for x in inputs:  # expect: JAX407
            state = jn.tanh(x @ params["w_xh"] + state @ params["w_hh"] + params["b_h"])
            outputs.append(state @ params["w_hq"] + params["b_q"])
        return jn.concatenate(outputs, axis=0)


def make_train_op(model, lr=1e-4, theta=1.0):
    def loss(params, x, label):
        logit = model.apply(params, x)
        return -jn.mean(jn.sum(label * jax.nn.log_softmax(logit), axis=-1))

    @jax.jit
    def train_op(params, x, xl):
        v, g = jax.value_and_grad(loss)(params, x, xl)
        total = jn.sqrt(sum(jn.sum(t ** 2) for t in jax.tree_util.tree_leaves(g)))
        scale = jn.minimum(theta / total, 1.0)
        return jax.tree_util.tree_map(lambda p, d: p - lr * scale * d, params, g), v
    return train_op


def run():
    batch_size, num_steps, vocab_size = 10, 40, 28
    model = RNN(64, vocab_size, vocab_size, jax.random.PRNGKey(0))
    train_op = make_train_op(model)
    X = jax.nn.one_hot(jn.arange(batch_size * num_steps).reshape(num_steps, batch_size) % vocab_size, vocab_size)
    Y = jax.nn.one_hot((jn.arange(batch_size * num_steps) + 1).reshape(num_steps, batch_size) % vocab_size, vocab_size)
    params = model.params
    params, v = train_op(params, X, jn.concatenate(Y, axis=0))
    return None
