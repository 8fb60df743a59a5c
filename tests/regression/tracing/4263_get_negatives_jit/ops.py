def normalize(x):

    x = x - x.mean(0)

    return x / x.std(0)


def get_negatives(x):

    return x[x < 0]  # expect: JAX205
