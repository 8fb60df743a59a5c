"""Raw NumPy applied to a traced array inside `jit`.

Source: https://github.com/jax-ml/jax/pull/3160
The "Tracer can't be used with raw numpy functions" message was rewritten because users hit it
constantly, typically from `import numpy as np` code applied to a traced value.

Observed on jax 0.10.x: raises TracerArrayConversionError
"""

import jax
import jax.numpy as jnp
import numpy as onp


@jax.jit
def top_class(logits):
    probs = jax.nn.softmax(logits)
    host_probs = onp.asarray(probs)  # expect: JAX203
    return host_probs.argmax()


def run():
    return top_class(jnp.array([0.1, 2.0, 0.3]))
