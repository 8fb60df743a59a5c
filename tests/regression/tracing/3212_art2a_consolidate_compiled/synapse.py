import jax
import jax.numpy as jnp


class Compartment:
    def __init__(self, value):
        self.value = value

    def get(self):
        return self.value

    def set(self, value):
        self.value = value


def compilable(method):
    """Mimics ngc-learn's @compilable: the method is later traced into a jitted step that reads
    and writes the component's compartments."""
    method._compilable = True
    return method


class ART2ASynapse:
    def __init__(self, shape):
        self.shape = shape
        self.weights = Compartment(jnp.zeros(shape))
        self.used = Compartment(jnp.zeros((1, shape[1])))  ## marks if memory slot used
        self.xprobe = Compartment(jnp.zeros((1, shape[0])))
        self.misses = Compartment(jnp.zeros((1, 1)))

    @compilable
    def consolidate(self):  ## memory consolition co-routine (for non-resonant signals)
        n_used = int(jnp.sum(self.used.get()))  ## number unused slots left  # expect: JAX202
        x = self.xprobe.get()
        W = self.weights.get()
        nonresonants = self.misses.get()
        ## we project non-resonant memories to empty slots in memory W
        S = jnp.eye(x.shape[0], self.shape[1], k=n_used)
        dWstore = jnp.matmul((x * nonresonants).T, S)
        W = W + dWstore  ## Hebbian update to memory
        nW = jnp.linalg.norm(W, ord=2, axis=0, keepdims=True)
        used = (nW > 0.) * 1
        self.weights.set(W)
        self.used.set(used)


def compile_method(component, name):
    """Turns a @compilable method into a jitted function of the compartment values."""
    names = [k for k, v in vars(component).items() if isinstance(v, Compartment)]

    @jax.jit
    def step(values):
        for k, v in zip(names, values):
            getattr(component, k).set(v)
        getattr(component, name)()
        return [getattr(component, k).get() for k in names]

    def run_step():
        out = step([getattr(component, k).get() for k in names])
        for k, v in zip(names, out):
            getattr(component, k).set(v)

    return run_step
