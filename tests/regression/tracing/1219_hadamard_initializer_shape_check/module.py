import jax
import jax.numpy as jnp


class Scope:
    """Minimal linen-style parameter scope.

    In `init` mode the initializer is run; in `apply` mode the stored value is
    returned after checking its shape against `jax.eval_shape(init_fn, ...)`,
    which is what flax.linen's `Module.param` does.
    """

    def __init__(self, params=None, rng=None):
        self.params = {} if params is None else dict(params)
        self.rng = rng
        self.initializing = params is None

    def param(self, name, init_fn, *init_args):
        if self.initializing:
            self.params[name] = init_fn(self.rng, *init_args)
            return self.params[name]
        value = self.params[name]
        abstract = jax.eval_shape(lambda: init_fn(jax.random.PRNGKey(0), *init_args))
        if abstract.shape != value.shape:
            raise ValueError(f"Inconsistent shapes for {name}: {value.shape}, {abstract.shape}")
        return value


class HadamardTransform:
    def __init__(self, n_hadamard):
        self.n_hadamard = n_hadamard

    def __call__(self, scope, X):
        from .initializers import hadamard

        kernel = scope.param("kernel", hadamard, (self.n_hadamard,))
        return jnp.dot(X, kernel)

    def init(self, rng, X):
        scope = Scope(rng=rng)
        self(scope, X)
        return scope.params

    def apply(self, params, X):
        return self(Scope(params=params), X)
