import jax


# While loop conditioned on x and n.
def g(x, n):
    i = 0
    while i < n:  # expect: JAX201
        i += 1
    return x + i


@jax.jit
def loop_body(prev_i):
    return prev_i + 1


# While loop conditioned on x and n with a jitted body.
def g_inner_jitted(x, n):
    i = 0
    while i < n:
        i = loop_body(i)
    return x + i
