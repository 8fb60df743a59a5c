import jax
import jax.numpy as jnp


def _predict(model, tokens, mask):
    logits = model(tokens)
    logits = logits[:, :, :-1, :]  # remove the last token
    tokens = tokens[:, :, 1:]  # remove the first token
    logp = jax.nn.log_softmax(logits, axis=-1)
    losses = -jnp.take_along_axis(logp, tokens[..., None], axis=-1)[..., 0]
    mask = mask[..., 1:]
    losses = (losses * mask).sum(axis=-1) / jnp.maximum(mask.sum(axis=-1), 1.0)
    return losses.argmin(axis=-1)


_predict = jax.jit(_predict)


class HellaSwag:
    def __init__(self, model, examples, batch_size=2):
        self.examples = examples
        self.batch_size = batch_size
        self.idx = 0
        self.model = model

    def __iter__(self):
        return self

    def __next__(self):
        examples = self.examples[self.idx:self.idx + self.batch_size]
        self.idx += self.batch_size
        if not examples:
            raise StopIteration
        batch_tokens = [self._process_example(e) for e in examples]
        # Pad tokens and masks to the same shape for batching:
        # find max num_endings and max seq_len in the batch
        max_num_endings = max(t.shape[0] for t, _ in batch_tokens)
        max_seq_len = max(t.shape[1] for t, _ in batch_tokens)
        tokens_batch = jnp.zeros((len(examples), max_num_endings, max_seq_len), dtype=jnp.int32)
        masks_batch = jnp.zeros((len(examples), max_num_endings, max_seq_len))
        for i, (t, m) in enumerate(batch_tokens):
            n_end, seq_len = t.shape
            tokens_batch = tokens_batch.at[i, :n_end, :seq_len].set(t)
            masks_batch = masks_batch.at[i, :n_end, :seq_len].set(m)
        preds = _predict(self.model, tokens_batch, masks_batch)  # expect: JAX404
        return examples, preds, [e["label"] for e in examples]

    def _process_example(self, example):
        prompt, endings = example["ctx"], example["endings"]
        max_ending_len = max(len(e) for e in endings)
        tokens = jnp.zeros((len(endings), len(prompt) + max_ending_len), dtype=jnp.int32)
        mask = jnp.zeros(tokens.shape)
        for i, ending in enumerate(endings):
            n = len(prompt) + len(ending)
            tokens = tokens.at[i, :n].set(jnp.array(prompt + ending))
            mask = mask.at[i, len(prompt):n].set(1.0)
        return tokens, mask
