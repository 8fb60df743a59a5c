import numpy as np


def padded_batches(x, y, batch_size):
    """Pads the final short batch to batch_size and returns a validity mask."""
    n = len(x)
    for start in range(0, n, batch_size):
        xb, yb = x[start:start + batch_size], y[start:start + batch_size]
        mask = np.ones(batch_size, dtype=np.float32)
        short = batch_size - len(xb)
        if short:
            xb = np.concatenate([xb, np.zeros((short,) + xb.shape[1:], xb.dtype)])
            yb = np.concatenate([yb, np.zeros((short,), yb.dtype)])
            mask[-short:] = 0.0
        yield xb, yb, mask
