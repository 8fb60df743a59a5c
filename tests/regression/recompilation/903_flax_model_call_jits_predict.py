"""First Flax port of BERT/RoBERTa in transformers: the model's ``__call__``
defines a ``@jax.jit`` ``predict`` closure and calls it, so every forward pass
traces and compiles again.

Source: https://github.com/huggingface/transformers/pull/3722
Review of ``modeling_flax_roberta.py`` ``__call__(self, input_ids,
token_type_ids=None, position_ids=None, attention_mask=None)``: "How often is
this called? Right now it looks like you @jit the predict graph each time the
function is called. Is that the intention? Can you define&compile the predict
function elsewhere?"

Observed on jax 0.10.2: predict compiled 3 times
"""
import jax
import jax.numpy as jnp
from jax.random import PRNGKey


class FlaxRobertaModule:
    def apply(self, params, input_ids, token_type_ids, position_ids, attention_mask):
        h = params["embeddings"][input_ids] + params["type_embeddings"][token_type_ids]
        h = h + params["position_embeddings"][position_ids]
        return jnp.tanh(h @ params["dense"]) * attention_mask[..., None]


class FlaxRobertaModel:
    def __init__(self, state, vocab=50, dim=8):
        self.model = FlaxRobertaModule()
        self.params = state
        self.key = PRNGKey(0)

    def __call__(self, input_ids, token_type_ids=None, position_ids=None, attention_mask=None):
        if token_type_ids is None:
            token_type_ids = jnp.zeros_like(input_ids)
        if position_ids is None:
            position_ids = jnp.arange(input_ids.shape[-1])
        if attention_mask is None:
            attention_mask = jnp.ones_like(input_ids)

        @jax.jit
        def predict(input_ids, token_type_ids, position_ids, attention_mask):
            return self.model.apply(self.params, input_ids, token_type_ids, position_ids, attention_mask)

        return predict(input_ids, token_type_ids, position_ids, attention_mask)  # expect: JAX402


def run():
    k = jax.random.split(PRNGKey(1), 4)
    state = {
        "embeddings": jax.random.normal(k[0], (50, 8)),
        "type_embeddings": jax.random.normal(k[1], (2, 8)),
        "position_embeddings": jax.random.normal(k[2], (16, 8)),
        "dense": jax.random.normal(k[3], (8, 8)),
    }
    model = FlaxRobertaModel(state)
    out = None
    for _ in range(3):
        out = model(jnp.array([[1, 5, 7, 2]]))
    return out
