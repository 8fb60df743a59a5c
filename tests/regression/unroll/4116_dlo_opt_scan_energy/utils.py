import jax
import jax.numpy as jnp


@jax.jit
def compute_enery(dlo_shape, k1, k2, segment_len):
    num_feature = dlo_shape.shape[0]
    U1 = 0.0
    for i in range(num_feature - 1):  # expect: JAX407
        U1 = U1 + k1 / 2. * (jnp.linalg.norm(dlo_shape[i + 1] - dlo_shape[i]) - segment_len) ** 2
    U2 = 0.0
    for j in range(num_feature - 2):
        U2 = U2 + k2 / 2. * (jnp.linalg.norm(dlo_shape[j + 2] - dlo_shape[j]) - 2 * segment_len) ** 2
    return U1 + U2


class PathSet:
    def __init__(self, all_path, T: int, seg_len: float):
        self.all_path = jnp.asarray(all_path)        # (num_path, num_waypoints, 3)
        self.num_path = self.all_path.shape[0]
        self.T = T
        self.seg_len = seg_len

    def query_dlo_shape(self, sigma):
        # linear interpolation of each pivot path at its own progress sigma_i
        n_wp = self.all_path.shape[1]
        s = sigma * (n_wp - 1)
        i0 = jnp.clip(jnp.floor(s).astype(int), 0, n_wp - 2)
        w = (s - i0)[:, None]
        idx = jnp.arange(self.num_path)
        return (1 - w) * self.all_path[idx, i0] + w * self.all_path[idx, i0 + 1]
