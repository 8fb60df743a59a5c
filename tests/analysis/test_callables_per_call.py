"""Callables built per call and handed to a jitted function, and how often the code building
them runs: a static callable written at the call of a function with `*args`
(bench/measure_var_positional_statics.py), a factory's `@jax.jit` closure at a static position
(bench/measure_transformed_statics.py), a nested function passed on through a helper's parameter
(bench/measure_passed_statics.py), an object with `__call__` jitted per call
(bench/measure_callable_objects.py), and a module-level function that another checked module
runs in a loop. Each measured on jax 0.10.2; each test writes a small project to ``tmp_path``
and checks it with the real API."""

from __future__ import annotations

from test_crossmodule import findings, messages, write

VAR_POSITIONAL = """
    import jax

    def train(net, x, callback, *args):
        return callback(x * net, *args)

    train_jit = jax.jit(train, static_argnums=(0, 2))

    class Agent:
        def step(self, x):
            return train_jit(
                2,
                x,
                %s,
            )
"""


def test_a_lambda_at_a_static_position_before_var_positional_is_reported_at_the_call(tmp_path):
    write(tmp_path, {"main.py": VAR_POSITIONAL % "lambda v, *_: v"})
    assert findings(tmp_path) == [("main.py", 10, "JAX405")]  # the call, not the lambda's line
    assert "Static argument `callback` of `train_jit` is a new lambda" in messages(tmp_path)[0]


def test_a_module_function_at_that_position_keeps_the_key(tmp_path):
    write(tmp_path, {"main.py": VAR_POSITIONAL % "keep" + """
    def keep(v, *_):
        return v
    """})
    assert findings(tmp_path) == []


def test_static_numbers_past_the_named_parameters_say_nothing(tmp_path):
    write(tmp_path, {"main.py": """
        import jax

        def train(net, x, *args):
            return x * net

        train_jit = jax.jit(train, static_argnums=(0, 2))

        class Agent:
            def step(self, x):
                return train_jit(2, x, lambda v: v)  # an element of `*args`: not a parameter
    """})
    assert findings(tmp_path) == []


FACTORY = """
    from functools import partial
    import jax

    def make_step_fn(scale):
        @jax.jit
        def step(carry, _):
            return carry * scale, None
        return step

    @partial(jax.jit, static_argnums=(0, 2))
    def episode(T, x, step_fn):
        return jax.lax.scan(step_fn, x, None, length=T)[0]

    def random_episode(T, x):
        step_fn = make_step_fn(0.5)
        return episode(T, x, step_fn)
"""


def test_a_factory_jitted_closure_at_a_static_position_runs_per_call_of_another_module(tmp_path):
    write(tmp_path, {
        "utils.py": FACTORY,
        "main.py": """
            import jax.numpy as jnp
            from utils import random_episode

            def run():
                for _ in range(4):
                    random_episode(100, jnp.ones(2))
        """,
    })
    # The factory is not reported itself: its product is traced into `episode`, not compiled.
    assert findings(tmp_path) == [("utils.py", 16, "JAX405")]
    assert "a new `jax.jit` of a function, made by `make_step_fn`" in messages(tmp_path)[0]


def test_the_same_function_no_module_calls_is_given_the_benefit_of_the_doubt(tmp_path):
    write(tmp_path, {"utils.py": FACTORY})
    assert findings(tmp_path) == []


PASSED_ON = """
    import jax
    import jax.numpy as jnp

    def _scan(cond_fun, body_fun, x, length):
        return jax.lax.scan(lambda v, _: (jnp.where(cond_fun(v), body_fun(v), v), None), x, None, length=length)[0]

    def while_loop(cond_fun, body_fun, x, length, jit=True):
        fun = _scan
        if jit:
            fun = jax.jit(fun, static_argnums=(0, 1, 3))
        return fun(cond_fun, body_fun, x, length)

    def positive(v):
        return v > 0

    def solve(x):
        %s
        return while_loop(positive, body_fun, x, 5)

    def run(x):
        for _ in range(3):
            solve(x)
"""


def test_a_nested_function_passed_on_through_a_parameter_to_a_static_position(tmp_path):
    write(tmp_path, {"main.py": PASSED_ON % "def body_fun(v):\n            return v * 0.5"})
    assert findings(tmp_path) == [("main.py", 11, "JAX405")]
    assert "a new nested function `body_fun`, passed by `solve` on each of its calls" in messages(tmp_path)[0]


def test_a_module_function_passed_on_so_keeps_the_key(tmp_path):
    write(tmp_path, {"main.py": PASSED_ON % "body_fun = positive"})
    assert findings(tmp_path) == []


def test_a_callable_object_jitted_per_call_of_a_method_another_module_loops_over(tmp_path):
    write(tmp_path, {
        "sampler.py": """
            import jax

            class Denoiser:
                def __init__(self, drift, noise):
                    self.drift, self.noise = drift, noise

                def __call__(self, x):
                    return x - self.drift * x + self.noise

            class Sampler:
                def sample(self, x, steps):
                    denoise = jax.jit(Denoiser(0.1, 0.01))
                    for _ in range(steps):
                        x = denoise(x)
                    return x
        """,
        "main.py": """
            import jax.numpy as jnp
            from sampler import Sampler

            def run():
                sampler = Sampler()
                for _ in range(3):
                    sampler.sample(jnp.ones(2), 10)
        """,
    })
    assert findings(tmp_path) == [("sampler.py", 14, "JAX402")]


def test_one_callable_object_jitted_once_is_not_reported(tmp_path):
    write(tmp_path, {"main.py": """
        import jax

        class Predictor:
            def __call__(self, x):
                return x * 2

        PREDICT = jax.jit(Predictor())

        class Sampler:
            def sample(self, x, steps):
                for _ in range(steps):
                    x = PREDICT(x)
                return x
    """})
    assert findings(tmp_path) == []


BATCH_GRAD = """
    from functools import partial
    import jax

    @partial(jax.jit, static_argnums=(1,))
    def batch_grad(params, loss_fn, batch):
        return jax.grad(loss_fn)(params, batch)

    class Agent:
        def update(self, batch):
            @jax.jit
            def loss(params, obs):
                return (params * obs).sum()
            %s
            return batch_grad(self.params, loss, batch)

    def train(batches):
        agent = Agent()
        for batch in batches:
            agent.update(batch)
"""


def test_a_jitted_nested_function_given_to_a_static_position_is_that_callable_s_compile(tmp_path):
    write(tmp_path, {"main.py": BATCH_GRAD % "# given to `batch_grad` alone"})
    # Traced into `batch_grad`, never compiled on its own: one finding, at `batch_grad`'s call.
    assert findings(tmp_path) == [("main.py", 14, "JAX405")]


def test_a_jitted_nested_function_kept_on_the_object_is_still_a_factory(tmp_path):
    write(tmp_path, {"main.py": BATCH_GRAD % "self.loss = loss"})
    # The factory's finding sits at the `@jax.jit` that builds the function anew.
    assert findings(tmp_path) == [("main.py", 10, "JAX402"), ("main.py", 14, "JAX405")]
