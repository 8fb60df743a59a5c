def clipped(loss, grads):
    if loss > 1.0:  # expect: JAX201
        return grads / loss
    return grads
