"""A jitted call in a helper whose argument follows a parameter that a loop calling the helper
changes on every iteration: a static value (JAX403) or a shape (JAX404) new on each call of the
helper. Measured on jax 0.10.2 (bench/measure_varying_parameters.py): a static argument
`n + 1` of the helper's `n`, 4 calls over `range(4)`, compiles 4 times (a constant: once); a
prompt list grown by each of 3 iterations and turned into an array in the helper, 3 times (a
list rebuilt with 3 items each time: once); `jax.jit(self._step, static_argnames=("n",))`
called with `n` = 0, 1, 2, 3 times."""

from __future__ import annotations

from test_crossmodule import findings, messages, write

SCALE = """
    from functools import partial
    import jax

    @partial(jax.jit, static_argnames="n")
    def pooled(x, n):
        return x * n

    def scale(x, n):
        return pooled(x, n=%s)

    def run(x):
        for i in range(4):
            x = scale(x, %s)
        return x
"""


def test_a_static_argument_from_a_parameter_counted_by_the_callers_loop(tmp_path):
    write(tmp_path, {"main.py": SCALE % ("n + 1", "i")})
    assert findings(tmp_path) == [("main.py", 9, "JAX403")]
    assert "on every call of `scale` in the loop of `run`" in messages(tmp_path)[0]


def test_the_same_value_on_every_call_keeps_the_key(tmp_path):
    write(tmp_path, {"main.py": SCALE % ("n + 1", "2")})
    assert findings(tmp_path) == []


def test_a_parameter_read_only_through_a_call_is_left_to_what_the_call_returns(tmp_path):
    # kfac-jax's fixed flag: `(step + 1) % k == 0 and self._adaptive` may take one value only
    write(tmp_path, {"main.py": SCALE % ("flag_at(n)", "i") + "\n    def flag_at(n):\n        return n % 10 == 0\n"})
    assert findings(tmp_path) == []


SIMULATOR = """
    from functools import partial
    import jax

    @partial(jax.jit, static_argnames="num_steps")
    def simulate(x, num_steps):
        return x * num_steps

    def execute(x, num_steps):
        return simulate(x, num_steps=num_steps)
"""


def test_a_sweep_calling_the_helper_gives_its_static_argument_a_new_value_each_time(tmp_path):
    # cbfkit, case 1663: measured on jax 0.10.2, the sweep (50, 100, 200) through the helper
    # compiles 3 times (bench/measure_varying_parameters.py)
    write(tmp_path, {"main.py": SIMULATOR + """
    def run(x):
        for num_steps in (50, 100, 200):
            execute(x, num_steps)
    """})
    assert findings(tmp_path) == [("main.py", 9, "JAX403")]
    assert "on every call of `execute` in the sweep of `run`" in messages(tmp_path)[0]


def test_a_sweep_in_another_module_reaches_the_helpers_static_argument(tmp_path):
    write(tmp_path, {"simulator.py": SIMULATOR, "main.py": """
        from simulator import execute

        def run(x):
            for num_steps in (50, 100, 200):
                execute(x, num_steps)
    """})
    assert findings(tmp_path) == [("simulator.py", 9, "JAX403")]


def test_a_sweep_repeated_by_an_outer_loop_or_over_repeated_values_hits_the_cache(tmp_path):
    write(tmp_path, {"simulator.py": SIMULATOR, "main.py": """
        from simulator import execute

        def run(x):
            for _ in range(3):
                for num_steps in (50, 100):  # 2 compiles in 6 calls
                    execute(x, num_steps)
            for num_steps in (50, 50, 50):
                execute(x, num_steps)
    """})
    assert findings(tmp_path) == []


PROMPT = """
    import jax
    import jax.numpy as jnp

    @jax.jit
    def forward(tokens):
        return tokens.sum()

    def next_token(prompt):
        return int(forward(jnp.asarray(prompt)))

    def agent_loop(system_prompt, turns):
        prompt = %s
        for turn in range(turns):
            %s
        return prompt
"""


def test_a_list_grown_by_the_callers_loop_changes_the_helpers_shapes(tmp_path):
    write(tmp_path, {"main.py": PROMPT % ("list(system_prompt)", "prompt.append(next_token(prompt))")})
    assert findings(tmp_path) == [("main.py", 9, "JAX404")]
    assert "on every call of `next_token` in the loop of `agent_loop`" in messages(tmp_path)[0]


def test_a_list_of_the_same_length_on_every_call_keeps_the_shape(tmp_path):
    write(tmp_path, {"main.py": PROMPT % ("[]", "next_token([1, 2, turn])")})
    assert findings(tmp_path) == []


def test_a_bound_method_jitted_with_static_argnames_keys_on_those_names(tmp_path):
    write(tmp_path, {"main.py": """
        import jax

        class Optimizer:
            def __init__(self):
                self._jit_step = jax.jit(self._step, static_argnames=("n",))

            def _step(self, x, n):
                return x + n

            def run(self, x):
                for i in range(3):
                    x = self._jit_step(x, n=i)
                return x
    """})
    assert findings(tmp_path) == [("main.py", 12, "JAX403")]
