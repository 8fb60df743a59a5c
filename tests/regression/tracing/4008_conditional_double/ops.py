def conditional_double(x, threshold):
    # Python if statement depends on the value of x
    if x > threshold:  # expect: JAX201
        return x * 2
    else:
        return x

