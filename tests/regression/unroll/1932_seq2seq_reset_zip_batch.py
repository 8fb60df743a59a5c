"""EvoJAX's seq2seq (addition) task builds each reset batch inside a jitted reset_fn:
get_batch_data draws two integer operand vectors of length batch_size with jax.random.randint and
then walks them with a Python generator, `for op1, op2 in zip(add_op1, add_op2)`, building the
digit encoding of every example with jnp.concatenate / jnp.where. Iterating over a traced array
inside jit unrolls the loop batch_size times (128 by default), so the traced program grows with the
batch size and compile time with it, instead of vmapping the per-example encoder.

Source: https://github.com/google/evojax/blob/acf5252475e4fbf47e0e3f7994c03de11dd3c4ca/evojax/task/seq2seq.py#L107
Observed on jax 0.10.x: 1 of 1 calls
"""
import jax
import jax.numpy as jnp
from jax import random


class CharacterTable(object):
    """Encode/decodes between strings and integer representations."""

    def __init__(self):
        self._chars = '0123456789+= '
        self.pad_id = len(self._chars)
        self.eos_id = self.pad_id + 1
        self.vocab_size = len(self._chars) + 2

    def encode(self, inputs: jnp.ndarray) -> jnp.ndarray:
        return jnp.concatenate([inputs, jnp.array([self.eos_id])])


class Seq2seqTask(object):
    """Seq2seq task: encoder's input is "x+y", decoder's output is "=z"."""

    def __init__(self, batch_size: int = 128, max_len_query_digit: int = 3):
        char_table = CharacterTable()
        max_input_len = max_len_query_digit + 2 + 2
        max_output_len = max_len_query_digit + 3
        max_num = pow(10, max_len_query_digit)

        def encode_onehot(batch_inputs, max_len):
            def encode_str(s):
                tokens = char_table.encode(s)
                org_len = len(tokens)
                tokens = jnp.pad(tokens, [(0, max_len - org_len)], mode='constant')
                return jax.nn.one_hot(tokens, char_table.vocab_size, dtype=jnp.float32)
            return jnp.array([encode_str(inp) for inp in batch_inputs])

        def breakdown_int(n):
            return jnp.where(
                n == 0,
                jnp.zeros(max_len_query_digit),
                jnp.array([(n // (10**i)) % 10
                           for i in range(max_len_query_digit - 1, -1, -1)]))

        def get_batch_data(key):
            keys = random.split(key, 2)
            add_op1 = random.randint(keys[0], minval=0, maxval=100, shape=(batch_size,))
            add_op2 = random.randint(keys[1], minval=0, maxval=max_num, shape=(batch_size,))
            for op1, op2 in zip(add_op1, add_op2):  # expect: JAX407
                inputs = jnp.concatenate([
                    breakdown_int(op1)[1:],
                    jnp.array([10, ]),   # 10 is '+'
                    breakdown_int(op2)], axis=0)
                outputs = jnp.concatenate([
                    jnp.array([11, ]),  # 11 is '='
                    breakdown_int(op1 + op2)], axis=0)
                yield inputs, outputs

        def reset_fn(key):
            inputs, outputs = zip(*get_batch_data(key[0]))
            batch_data = encode_onehot(inputs, max_input_len)
            batch_labels = encode_onehot(outputs, max_output_len)
            return (jnp.repeat(batch_data[None, :], key.shape[0], axis=0),
                    jnp.repeat(batch_labels[None, :], key.shape[0], axis=0))
        self._reset_fn = jax.jit(reset_fn)

    def reset(self, key: jnp.ndarray):
        return self._reset_fn(key)


def run():
    keys = random.split(random.PRNGKey(0), 2)
    sizes = []
    for batch_size in (8, 128):
        task = Seq2seqTask(batch_size=batch_size)
        obs, labels = task.reset(keys)
        sizes.append(len(str(jax.make_jaxpr(task._reset_fn)(keys)).splitlines()))
    # the traced program grows with the batch size: the loop was unrolled
    return int(sizes[1] > 8 * sizes[0])
