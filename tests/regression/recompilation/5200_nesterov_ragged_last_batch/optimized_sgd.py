from jax import grad, jit
from train_utils import loss  # for now, is cross entropy loss!


@jit
def nesterov(params, x, y, v, step_size=0.001, momentum=0.9):
    lookahead = [  # lookahead guess given velocities!
        (w - momentum * v_w, b - momentum * v_b)
        for (w, b), (v_w, v_b) in zip(params, v)
    ]
    grads = grad(loss)(lookahead, x, y)
    new_v = [
        (momentum * v_w + step_size * g_w, momentum * v_b + step_size * g_b)
        for (v_w, v_b), (g_w, g_b) in zip(v, grads)
    ]
    new_params = [(w - v_w, b - v_b) for (w, b), (v_w, v_b) in zip(params, new_v)]
    return new_params, new_v
