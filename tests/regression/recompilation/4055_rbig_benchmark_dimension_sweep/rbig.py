import jax
import jax.numpy as np


def init_params_hist(support_extension, precision, alpha):
    def init_func(x):
        lo, hi = x.min(axis=0), x.max(axis=0)
        ext = (hi - lo) * support_extension / 100.0
        return lo - ext, hi + ext + alpha
    return init_func


def get_rbig_params(X, init_func):
    lo, hi = init_func(X)
    # marginal uniformization + gaussianization (crude) and a rotation
    u = (X - lo) / (hi - lo)
    g = jax.scipy.stats.norm.ppf(np.clip(u, 1e-5, 1 - 1e-5))
    _, _, vt = np.linalg.svd(g, full_matrices=False)
    X_transform = g @ vt.T
    X_ldj = jax.scipy.stats.norm.logpdf(g) * 0.0
    return X_transform, X_ldj
