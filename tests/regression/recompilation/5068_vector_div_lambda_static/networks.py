import jax.numpy as np

import deriv_utils


def construct_score_network(W):
    def net(xs, gs):
        return np.tanh(xs @ W) + 0.1 * gs

    def particle_div(xs, gs, key):
        if key == "x":
            particle_div = deriv_utils.vector_div(lambda x: net(x, gs), xs)  # expect: JAX405
        elif key == "g":
            particle_div = deriv_utils.vector_div(lambda g: net(xs, g), gs)
        else:
            raise ValueError("key needs to be x or g.")
        return particle_div

    return net, particle_div
