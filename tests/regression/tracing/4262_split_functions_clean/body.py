import jax


@jax.jit
def loop_body(previous_i):

    return previous_i + 1
