import numpy as np


def minimum_variance_unbiased_total(measurements):
    """Inverse-variance weighted estimate of the number of records."""
    estimates = np.array([m["y"].sum() for m in measurements])
    weights = np.array([1.0 / m["sigma"] ** 2 for m in measurements])
    est = float((weights * estimates).sum() / weights.sum())
    return max(1, est)  # int 1 when the estimate is tiny
