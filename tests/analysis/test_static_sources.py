"""Values that reach a static slot, or a traced one, from elsewhere: a constructor of another
module filling a field from a helper of a third, what a pytree class's constructor stores in a
static field of its own accord, a pytree field jit cannot trace, subclasses of equinox modules.

Each test writes a small project to ``tmp_path``, checks it with the real API and asserts the
exact findings (file, line, code). The jax behaviour each one rests on is measured in
bench/measure_static_sources.py (jax 0.10.2).
"""

from __future__ import annotations

from tests.analysis.test_crossmodule import findings, write

CONTROL = """
    import equinox as eqx
    import jax.numpy as jnp

    class Policies(eqx.Module):
        table: jnp.ndarray

    def construct_policies(n):
        return Policies(jnp.arange(n))
"""

AGENT = """
    import equinox as eqx
    import jax

    import control

    class Agent(eqx.Module):
        A: jax.Array
        policies: control.Policies = eqx.field(static=True)

        def __init__(self, A, n):
            self.A = A
            self.policies = control.construct_policies(n)
"""


def test_a_constructor_of_another_module_fills_a_field_from_a_third(tmp_path):
    # main -> agent.Agent.__init__ -> control.construct_policies: two modules followed; the
    # static field holds a module holding an array whatever the caller passes (JAX301 there).
    write(tmp_path, {
        "control.py": CONTROL,
        "agent.py": AGENT,
        "main.py": """
            from functools import partial
            import jax
            import jax.numpy as jnp
            from agent import Agent

            @partial(jax.jit, static_argnums=1)
            def plan(q, policies):
                return q

            def run():
                agent = Agent(jnp.eye(3), 2)
                return plan(jnp.ones(3), agent.policies)
        """,
    })
    assert findings(tmp_path) == [("agent.py", 8, "JAX301"), ("main.py", 12, "JAX302")]


def test_host_code_is_followed_through_two_other_modules_only(tmp_path):
    # main -> a -> b -> c: what c's helper returns is not known to main's analysis.
    write(tmp_path, {
        "c.py": """
            import jax.numpy as jnp

            def table(n):
                return jnp.arange(n)
        """,
        "b.py": """
            import c

            def build(n):
                return c.table(n)
        """,
        "a.py": """
            import b

            def make(n):
                return b.build(n)
        """,
        "main.py": """
            from functools import partial
            import jax
            import a

            @partial(jax.jit, static_argnums=1)
            def step(x, table):
                return x

            def run():
                return step(1.0, a.make(3))
        """,
    })
    assert findings(tmp_path) == []


def test_a_static_field_the_constructor_fills_with_an_array_of_its_own_accord(tmp_path):
    # The annotation says `list`; the constructor stores `jnp.array(...)` whatever it is given.
    # A field filled from a parameter is the caller's choice: nothing at the declaration.
    write(tmp_path, {
        "spectrum.py": """
            import equinox as eqx
            import jax
            import jax.numpy as jnp

            class Spectrum(eqx.Module):
                pass

            class Indexed(Spectrum):
                data: jax.Array
                index: list = eqx.field(static=True)
                given: object = eqx.field(static=True)

                def __init__(self, data, bands, given):
                    self.data = data
                    self.index = jnp.array([bands.index(b) for b in bands])
                    self.given = given
        """,
    })
    assert findings(tmp_path) == [("spectrum.py", 10, "JAX301")]


def test_a_subclass_of_an_equinox_module_keeps_its_static_fields(tmp_path):
    # Measured: the second instance of a sub-subclass with an array in a static field raises.
    write(tmp_path, {
        "main.py": """
            import equinox as eqx
            import jax
            import jax.numpy as jnp

            class Base(eqx.Module):
                pass

            class Leaf(Base):
                data: jax.Array
                index: tuple = eqx.field(static=True)

            @jax.jit
            def total(leaf):
                return leaf.data.sum()

            def run():
                for n in range(3):
                    total(Leaf(jnp.ones(2), jnp.arange(3)))
        """,
    })
    assert findings(tmp_path) == [("main.py", 18, "JAX302")]


def test_a_pytree_field_jit_cannot_trace_is_reported_at_the_field(tmp_path):
    # `method: str` and a `frozenset` the constructor makes are leaves under `jax.jit`
    # (TypeError, measured); `eqx.filter_jit` keeps them static, and a static field is fine.
    write(tmp_path, {
        "main.py": """
            import equinox as eqx
            import jax
            import jax.numpy as jnp

            class Interpolator(eqx.Module):
                x: jax.Array
                method: str

            class Operator(eqx.Module):
                matrix: jax.Array
                tags: frozenset

                def __init__(self, matrix, tags=()):
                    self.matrix = matrix
                    self.tags = frozenset(tags) if not isinstance(tags, frozenset) else tags

            class Static(eqx.Module):
                x: jax.Array
                method: str = eqx.field(static=True)

            @jax.jit
            def evaluate(interp, q):
                return q

            @eqx.filter_jit
            def filtered(interp, q):
                return q

            def run():
                evaluate(Interpolator(jnp.ones(3), "nearest"), 2.0)
                evaluate(Operator(jnp.eye(2), {"symmetric"}), 2.0)
                evaluate(Static(jnp.ones(3), "nearest"), 2.0)
                filtered(Interpolator(jnp.ones(3), "nearest"), 2.0)
        """,
    })
    assert findings(tmp_path) == [("main.py", 7, "JAX306"), ("main.py", 11, "JAX306")]


def test_a_loop_known_to_run_once_builds_no_jit_per_iteration(tmp_path):
    # An outer loop over a one-element list builds one object, whose jitted closure the inner
    # loop reuses: one compile. Two elements: one compile per element (JAX401 at the call).
    source = """
        import jax

        class Env:
            def __init__(self, scale):
                def step(x):
                    return x * scale
                self.step = jax.jit(step)

        sizes = {sizes}
        for size in sizes:
            env = Env(jax.numpy.ones(size))
            for t in range(10):
                env.step(t)
    """
    write(tmp_path / "once", {"main.py": source.format(sizes="[10]")})
    write(tmp_path / "twice", {"main.py": source.format(sizes="[10, 20]")})
    assert findings(tmp_path / "once") == []
    assert findings(tmp_path / "twice") == [("main.py", 13, "JAX401")]


def test_a_partial_a_factory_of_another_module_makes_per_pass_reaches_a_static_slot(tmp_path):
    # A `Setup` built per pass keeps a new `functools.partial` (3 compiles over 3 objects,
    # measured); one made before the loop and shared by every object compiles once.
    write(tmp_path, {
        "setup.py": """
            from functools import partial
            import jax
            import jax.numpy as jnp

            class Setup:
                def __init__(self, energy, instrument):
                    self.energy = energy
                    self.instrument = instrument

            @partial(jax.jit, static_argnames=("instrument",))
            def probe(energy, instrument):
                return instrument(energy)
        """,
        "main.py": """
            from functools import partial
            import jax.numpy as jnp
            from setup import Setup, probe

            def gaussian(x, sigma):
                return jnp.exp(-x / sigma)

            def make_setup():
                return Setup(jnp.ones(4), partial(gaussian, sigma=0.5))

            def run():
                for _ in range(3):
                    setup = make_setup()
                    probe(setup.energy, instrument=setup.instrument)

            def shared():
                instrument = partial(gaussian, sigma=0.5)
                for _ in range(3):
                    setup = Setup(jnp.ones(4), instrument)
                    probe(setup.energy, instrument=setup.instrument)
        """,
    })
    assert findings(tmp_path) == [("main.py", 14, "JAX405")]


def test_a_value_no_instance_of_whose_class_hashes_is_reported_at_the_static_position(tmp_path):
    # `Basis` declares an array field: no instance of it can be hashed, so the static position
    # that another module gives it is at fault (reported at that jitted call); an array where
    # the other module's `n` wants an int is the caller's value (reported at the caller).
    write(tmp_path, {
        "integrals.py": """
            from functools import partial
            import equinox as eqx
            import jax
            import jax.numpy as jnp

            class Basis(eqx.Module):
                coefficients: jnp.ndarray

            @partial(jax.jit, static_argnums=(0,))
            def integrate(basis, x):
                return basis.coefficients * x

            def overlap(basis):
                return integrate(basis, 2.0)

            @partial(jax.jit, static_argnames="n")
            def _fit(x, n):
                return x[:n]

            def fit(x, n):
                return _fit(x, n)
        """,
        "main.py": """
            import jax.numpy as jnp
            from integrals import Basis, fit, overlap

            def run(x):
                overlap(Basis(jnp.ones(3)))
                return fit(x, jnp.argmax(x))
        """,
    })
    assert findings(tmp_path) == [("integrals.py", 14, "JAX302"), ("main.py", 6, "JAX302")]


STRUCT_DECORATOR = """
    import dataclasses

    import jax
    import jax.numpy as jnp

    def struct(cls):
        cls = dataclasses.dataclass(cls)
        names = [f.name for f in dataclasses.fields(cls)]
        jax.tree_util.register_pytree_node(
            cls, lambda s: ([getattr(s, n) for n in names], None), lambda _, children: cls(*children)
        )
        return cls

    def keyed(cls):
        cls = dataclasses.dataclass(cls)
        jax.tree_util.register_pytree_node(
            cls, lambda s: ((s.w,), s.activation), lambda a, children: cls(*children, a)
        )
        return cls

    @struct
    class Layer:
        w: jax.Array
        activation: str

    @keyed
    class Kept:
        w: jax.Array
        activation: str

    @jax.jit
    def apply(layer, x):
        return x * layer.w

    def run():
        apply(Kept(jnp.ones(2), "tanh"), 1.0)
        return apply(Layer(jnp.ones(2), "tanh"), 1.0)
"""


def test_a_decorator_of_the_checked_code_that_registers_every_field_as_a_leaf(tmp_path):
    # `tree_math.struct`: a decorator making the class a dataclass and registering it with a
    # flatten whose aux data is `None` leaves no field static, so a `str` field is a leaf jit
    # cannot trace (reported at the field, its class being in the call's module); a decorator
    # whose flatten keeps the `str` in the aux data is fine.
    write(tmp_path, {"main.py": STRUCT_DECORATOR})
    assert findings(tmp_path) == [("main.py", 24, "JAX306")]


def test_a_decorator_that_registers_every_field_as_a_leaf_on_jax(tmp_path):
    jax = __import__("pytest").importorskip("jax")
    namespace: dict = {}
    exec(compile(__import__("textwrap").dedent(STRUCT_DECORATOR), "struct_decorator", "exec"), namespace)  # noqa: S102
    assert namespace["apply"](namespace["Kept"](jax.numpy.ones(2), "tanh"), 1.0).shape == (2,)
    with __import__("pytest").raises(TypeError, match="as an abstract array|not a valid JAX type"):
        namespace["run"]()


JITTED_ARGUMENT = """
    import jax

    def energy(x):
        return 0.5 * x ** 2

    @jax.jit
    def descend(x, gradient, rate=0.1):
        return x - rate * gradient(x)

    def run(x=1.0):
        force = jax.grad(energy)
        return descend(x, force)
"""


def test_a_transformed_function_at_a_traced_position_is_reported_at_the_call(tmp_path):
    # What `jax.grad` (or `jax.jit`, see the rule's examples) returns is a Python callable, no
    # pytree: passed where jit traces, the call raises `TypeError` (the traceback names the
    # call, where the finding is).
    write(tmp_path, {"main.py": JITTED_ARGUMENT})
    assert findings(tmp_path) == [("main.py", 12, "JAX306")]
    jax = __import__("pytest").importorskip("jax")
    namespace: dict = {}
    exec(compile(__import__("textwrap").dedent(JITTED_ARGUMENT), "jitted_argument", "exec"), namespace)  # noqa: S102
    with __import__("pytest").raises(TypeError, match="as an abstract array|not a valid JAX type"):
        namespace["run"]()
    assert jax is not None


BOUND_METHOD = """
    import jax
    import jax.numpy as jnp

    class Model:
        def __init__(self):
            self.w = jnp.ones(3)

        def apply(self, x, activation="relu"):
            return x * self.w

        def run(self, x):
            kept = jax.jit(self.apply, static_argnums=1)(x, "relu")
            named = jax.jit(self.apply, static_argnames="activation")(x, "relu")
            return kept, named, jax.jit(self.apply)(x, "tanh")
"""


def test_a_str_passed_to_a_jitted_bound_method_is_reported_at_the_call(tmp_path):
    # `jax.jit(self.apply)`: the receiver is no argument of jit, whose positions and names are
    # the method's parameters after `self`; static by number or by name is fine.
    write(tmp_path, {"main.py": BOUND_METHOD})
    assert [f for f in findings(tmp_path) if f[2] == "JAX306"] == [("main.py", 14, "JAX306")]  # and JAX402: jit per call
    pytest = __import__("pytest")
    pytest.importorskip("jax")
    namespace: dict = {}
    exec(compile(__import__("textwrap").dedent(BOUND_METHOD), "bound_method", "exec"), namespace)  # noqa: S102
    with pytest.raises(TypeError, match="as an abstract array|not a valid JAX type"):
        namespace["Model"]().run(namespace["jnp"].ones(3))


DATACLASS_OPERATOR = """
    import dataclasses

    import jax
    import jax.numpy as jnp

    @dataclasses.dataclass(frozen=True)
    class Operator:
        scale: float

    @jax.tree_util.register_dataclass
    @dataclasses.dataclass
    class Registered:
        scale: jax.Array

    @jax.jit
    def apply(op, x):
        return x * op.scale

    def run(x):
        apply(Registered(jnp.ones(())), x)
        jax.jit(apply.__wrapped__, static_argnums=0)(Operator(2.0), x)  # static: hashable, fine
        return apply(Operator(2.0), x)
"""


def test_a_dataclass_instance_at_a_traced_position_is_reported(tmp_path):
    # A `@dataclass`, frozen or not, is no pytree unless something registers it: jit cannot trace
    # an instance (TypeError at the call); hashable, it is a fine static argument.
    write(tmp_path, {"main.py": DATACLASS_OPERATOR})
    assert findings(tmp_path) == [("main.py", 22, "JAX306")]
    pytest = __import__("pytest")
    pytest.importorskip("jax")
    namespace: dict = {}
    exec(compile(__import__("textwrap").dedent(DATACLASS_OPERATOR), "dataclass_operator", "exec"), namespace)  # noqa: S102
    with pytest.raises(TypeError, match="as an abstract array|not a valid JAX type"):
        namespace["run"](namespace["jnp"].ones(2))


SUBCLASS_REGISTERED_BY_ITS_BASE = """
    import jax
    import jax.numpy as jnp

    class Module:
        def tree_flatten(self):
            return [self.w], None

        @classmethod
        def tree_unflatten(cls, _, children):
            obj = object.__new__(cls)
            obj.w = children[0]
            return obj

        def __init_subclass__(cls, **kwargs):
            super().__init_subclass__(**kwargs)
            jax.tree_util.register_pytree_node_class(cls)

    class Linear(Module):
        def __init__(self, w):
            self.w = w

    @jax.jit
    def apply(layer, x):
        return x * layer.w

    def run(x):
        return apply(Linear(jnp.ones(())), x)
"""


def test_a_subclass_its_base_registers_is_a_pytree(tmp_path):
    # A base whose `__init_subclass__` registers each subclass as a pytree node (treex's
    # `Module`): an instance passes through jit, so it is not reported as a plain object.
    write(tmp_path, {"main.py": SUBCLASS_REGISTERED_BY_ITS_BASE})
    assert findings(tmp_path) == []
    pytest = __import__("pytest")
    pytest.importorskip("jax")
    namespace: dict = {}
    exec(compile(__import__("textwrap").dedent(SUBCLASS_REGISTERED_BY_ITS_BASE), "registered_by_base", "exec"), namespace)  # noqa: S102
    assert float(namespace["run"](namespace["jnp"].ones(2))[0]) == 1.0
