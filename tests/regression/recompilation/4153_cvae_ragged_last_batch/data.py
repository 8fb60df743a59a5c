import numpy as np
import jax.numpy as jnp


class TinyMnist:
    """Stands in for the HF `datasets` split with set_format('jax'): `.iter(batch_size)` yields
    dict batches and, like HF, keeps the smaller remainder batch at the end."""

    def __init__(self, n=10, dim=16, seed=12):
        rs = np.random.RandomState(seed)
        self.image = rs.rand(n, dim).astype(np.float32)
        self.label = rs.randint(0, 10, size=n)

    def iter(self, batch_size):
        for st in range(0, len(self.label), batch_size):
            yield {'image': jnp.asarray(self.image[st:st + batch_size]),
                   'label': jnp.asarray(self.label[st:st + batch_size])}
