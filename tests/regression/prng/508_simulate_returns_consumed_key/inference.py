import jax

from gen_fn import NormalModel

model = NormalModel()


def draw_traces(key, n_traces, scale=1.0):
    simulate = jax.jit(model.simulate)
    traces = []
    for _ in range(n_traces):
        key, tr = simulate(key, (scale,))
        traces.append(tr)
    return key, traces
