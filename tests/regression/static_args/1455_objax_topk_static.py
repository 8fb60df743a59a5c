"""objax issue: a custom pruning layer calls `select_topK(w, b, w_score, b_score, topk)`
which feeds `topk` to `lax.top_k`. `jax.jit(select_topK, static_argnums=(4,))` works on
its own, but the layer jits the whole forward pass without declaring `topk` static, so
the integer arrives as a tracer where a concrete size is needed and tracing fails.

Source: https://github.com/google/objax/issues/204
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jn
from jax import lax


def select_topK(w, b, w_score, b_score, topk):
    values = jn.concatenate((w_score, b_score), axis=None)
    v, inds = lax.top_k(values, topk)
    thresh = v.min()
    return jn.where(w_score > thresh, w, 0), jn.where(b_score > thresh, b, 0)


class TopKLinear:
    def __init__(self, key, nin, nout, topK):
        k1, k2, k3 = jax.random.split(key, 3)
        self.w = jax.random.normal(k1, (nin, nout))
        self.b = jn.zeros(nout)
        self.w_score = jax.random.uniform(k2, (nin, nout))
        self.b_score = jax.random.uniform(k3, (nout,))
        self.topK = topK

    def __call__(self, x, topK):
        w, b = select_topK(self.w, self.b, self.w_score, self.b_score, topK)
        return x @ w + b


def run():
    layer = TopKLinear(jax.random.PRNGKey(0), 4, 3, topK=5)
    forward = jax.jit(layer.__call__)
    return forward(jn.ones((2, 4)), layer.topK)  # expect: JAX306


if __name__ == "__main__":
    run()
