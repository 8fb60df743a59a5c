import jax
import jax.numpy as jnp


@jax.jit
def elastic_enery(intermediate_points, init_intermediate_points, end_point1, end_point2, k1, k2, segment_len):
    dlo_shape = jnp.concatenate([end_point1, intermediate_points, end_point2], axis=0)
    num_feature = dlo_shape.shape[0]
    U1 = 0.0
    for i in range(num_feature - 1):  # expect: JAX407
        U1 = U1 + k1 / 2. * (jnp.linalg.norm(dlo_shape[i + 1] - dlo_shape[i]) - segment_len) ** 2

    U2 = 0.0
    for j in range(num_feature - 2):
        U2 = U2 + k2 / 2. * (jnp.linalg.norm(dlo_shape[j + 2] - dlo_shape[j]) - 2 * segment_len) ** 2

    U3 = 0.0
    for j in range(num_feature - 3):
        U3 = U3 + k2 / 2. * (jnp.linalg.norm(dlo_shape[j + 3] - dlo_shape[j]) - 3 * segment_len) ** 2

    reg = 0.01 * jnp.mean((intermediate_points - init_intermediate_points) ** 2)
    return U1 + U2 + U3 + reg


val_and_grad_fn = jax.value_and_grad(elastic_enery)
