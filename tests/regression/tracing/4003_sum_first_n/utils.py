def f(x, n):
    y = 0
    for i in range(n):  # expect: JAX204
        y += x[i]
    return y

