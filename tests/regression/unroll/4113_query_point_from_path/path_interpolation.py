import jax
import jax.numpy as jnp


def weight_function(t, t_i, t_next, k):
    return jax.nn.sigmoid(k * (t - t_i)) * jax.nn.sigmoid(k * (t_next - t))


# compute interpolated positions at time t with smooth transitions
@jax.jit
def query_point_from_path(t, waypoints, k=120):
    distances = jnp.linalg.norm(jnp.diff(waypoints, axis=0), axis=1, ord=2)
    cumulative_distances = jnp.concatenate([jnp.array([0.0]), jnp.cumsum(distances)])
    total_length = cumulative_distances[-1]
    normalized_distances = cumulative_distances / total_length

    # Number of segments
    n = len(normalized_distances) - 1

    point_smooth = jnp.zeros(shape=(waypoints.shape[1],))
    weight_sum = 0.0

    # Iterate over each segment
    for i in range(n):  # expect: JAX407
        t_i, t_next = normalized_distances[i], normalized_distances[i + 1]
        point_i = waypoints[i] + (waypoints[i + 1] - waypoints[i]) * (t - t_i) / (t_next - t_i)
        w_i = weight_function(t, t_i, t_next, k)
        point_smooth += w_i * point_i
        weight_sum += w_i

    point_smooth /= weight_sum
    return point_smooth
