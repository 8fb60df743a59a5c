"""A call of an abstract method (a body that only raises `NotImplementedError`) runs the one
override a subclass of the checked code defines, in the module or in one importing it: the
override's key summary applies at the call (``keys.model._dispatched``).

Measured on jax 0.10.2: a key drawn from and then split again raises `KeyReuseError` under
`jax.debug_key_reuse(True)` (case 1909: `self.sample_params(n, rng_key)` splits and draws from
`rng_key` in the subclass, then the base class splits `rng_key` again).
"""

from __future__ import annotations

from tests.analysis.test_key_flow import key_findings

BASE = """
    import jax


    class System:
        def sample_params(self, n, key):
            \"\"\"Draws the parameters.\"\"\"
            raise NotImplementedError

        def generate(self, n, key):
            params = self.sample_params(n, key)
            key, sub = jax.random.split(key)
            return params, jax.random.normal(sub, (n,))
"""

SUBCLASS = """
    import jax

    from base import System


    class Spring(System):
        def sample_params(self, n, key):
            return jax.random.uniform(key, (n,))
"""


def test_an_abstract_method_runs_the_override_of_a_subclass_in_an_importing_module(tmp_path):
    assert key_findings(tmp_path, {"base.py": BASE, "spring.py": SUBCLASS}) == [("base.py", 11, "JAX501")]


def test_an_override_that_draws_nothing_leaves_the_key_alone(tmp_path):
    quiet = SUBCLASS.replace("jax.random.uniform(key, (n,))", "jax.numpy.ones(n)")
    assert key_findings(tmp_path, {"base.py": BASE, "spring.py": quiet}) == []


def test_two_overrides_leave_the_call_to_the_abstract_method(tmp_path):
    other = SUBCLASS.replace("Spring", "Pendulum").replace("jax.random.uniform(key, (n,))", "jax.numpy.ones(n)")
    assert key_findings(tmp_path, {"base.py": BASE, "spring.py": SUBCLASS, "pendulum.py": other}) == []
