import jax


def function(x):

    if x > 0:
        return x
    else:
        return 2 * x


def cond_function(input_):

    result = jax.lax.cond(input_ > 0, lambda x: x, lambda x: x + 1, input_)

    return result
