"""JAX4xx on real jax (CPU): each bad example compiles more than once, each good one once.

Compilations are counted from JAX's monitoring events (see conftest). The last tests pin the
JAX behaviour the rules rely on, including what is *not* a hazard.
"""

from __future__ import annotations

import dataclasses
import functools

import pytest

from .conftest import load_example

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
np = pytest.importorskip("numpy")


# -- the examples ---------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "expected"), [("bad", 3), ("good", 1)])
def test_jax401_jit_in_loop(compiles, kind, expected):
    example = load_example(f"recompilation/jax401_jit_in_loop_{kind}.py")
    example.train(jnp.ones(3), [jnp.ones(3)] * 3)
    assert compiles.of("loss") == expected


@pytest.mark.parametrize(("kind", "function", "expected"), [("bad", "loss", 3), ("good", "evaluate", 1)])
def test_jax402_jit_per_call(compiles, kind, function, expected):
    example = load_example(f"recompilation/jax402_jit_per_call_{kind}.py")
    for _ in range(3):
        example.evaluate(jnp.ones(3), jnp.zeros(3))
    assert compiles.of(function) == expected


@pytest.mark.parametrize(("kind", "expected"), [("bad", 3), ("good", 1)])
def test_jax403_static_arg_varies_in_loop(compiles, kind, expected):
    example = load_example(f"recompilation/jax403_static_arg_varies_in_loop_{kind}.py")
    example.run(jnp.ones(3), 3)
    assert compiles.of("scaled") == expected


@pytest.mark.parametrize(("kind", "expected"), [("bad", 3), ("good", 1)])
def test_jax404_shape_varies_in_loop(compiles, kind, expected):
    example = load_example(f"recompilation/jax404_shape_varies_in_loop_{kind}.py")
    totals = example.run(jnp.arange(3.0))
    assert [float(t) for t in totals] == [0.0, 1.0, 3.0]
    assert compiles.of("prefix_total") == expected


@pytest.mark.parametrize(("kind", "expected"), [("bad", 3), ("good", 1)])
def test_jax405_identity_hashed_static_argument(compiles, kind, expected):
    example = load_example(f"recompilation/jax405_identity_hashed_static_argument_{kind}.py")
    for _ in range(3):
        example.predict(jnp.ones(3), 2)
    assert compiles.of("apply") == expected


@pytest.mark.parametrize(("kind", "expected"), [("bad", 2), ("good", 1)])
def test_jax406_weak_type_drift(compiles, kind, expected):
    example = load_example(f"recompilation/jax406_weak_type_drift_{kind}.py")
    example.run(jnp.ones(3))
    assert compiles.of("step") == expected


# -- the JAX facts the rules rely on ----------------------------------------------------------


def _double(x):
    return x * 2


def test_jit_of_a_module_function_in_a_loop_hits_the_cache(compiles):
    for _ in range(3):
        jax.jit(_double)(jnp.ones(3))
    assert compiles.of("_double") == 1


def _scale(x):
    return x * 3


class _Holder:
    def method(self, x):
        return x + 1


def _loss(x):
    return (x**2).sum()


@pytest.mark.parametrize(
    ("make", "name"),
    [
        (lambda: jax.jit(lambda v: v + 1), "<lambda>"),
        (lambda: jax.jit(functools.partial(_scale)), "_scale"),
        (lambda: jax.jit(jax.grad(_loss)), "_loss"),
        (lambda: jax.jit(jax.vmap(_scale)), "_scale"),
        (lambda holder=_Holder(): jax.jit(holder.method), "method"),
    ],
    ids=["lambda", "partial", "grad", "vmap", "bound-method"],
)
def test_jit_of_a_fresh_callable_in_a_loop_compiles_every_iteration(compiles, make, name):
    for _ in range(3):
        make()(jnp.ones(3))
    assert compiles.of(name) == 3


def test_a_jit_made_per_item_and_kept_compiles_once_per_item_for_all_later_calls(compiles):
    kept = []
    for scale in [1.0, 2.0, 3.0]:
        def constraint(x):
            return x * scale

        fun_jit = jax.jit(constraint)
        fun_jit(jnp.ones(3))  # warm start
        kept.append(fun_jit)
    for fun_jit in kept:
        for _ in range(5):
            fun_jit(jnp.ones(3))
    assert compiles.of("constraint") == 3


class _Trainer:
    def __init__(self, scale):
        self.scale = scale

    def step(self, x):
        return x * self.scale

    def train(self, x):
        step = jax.jit(self.step)
        for _ in range(5):
            x = step(x)
        return x


def test_a_jit_over_its_own_object_compiles_once_per_object_and_once_per_training(compiles):
    for seed in range(3):
        _Trainer(float(seed)).train(jnp.ones(3))  # a new trainer per run
    assert compiles.of("step") == 3
    trainer = _Trainer(1.0)
    for _ in range(3):
        trainer.train(jnp.ones(3))  # one trainer trained again: the hazard
    assert compiles.of("step") == 6


def test_a_nested_jit_in_a_function_kept_on_the_object_compiles_on_each_of_its_calls(compiles):
    class Partitioner:
        broadcast_fn = None

        def preprocess_key(self, key):
            if not self.broadcast_fn:
                def broadcast(k):
                    def _identity(x):
                        return x
                    return jax.jit(_identity)(k)

                self.broadcast_fn = broadcast
            return self.broadcast_fn(key)

    partitioner = Partitioner()
    for i in range(5):
        partitioner.preprocess_key(jnp.ones(2) * i)
    assert compiles.of("_identity") == 5


def test_pmap_of_a_lambda_in_a_loop_compiles_every_iteration(compiles):
    for _ in range(3):
        jax.pmap(lambda v: v + 1)(jnp.ones((1, 3)))
    assert compiles.of("_fun") + compiles.of("<lambda>") == 3


def test_array_grown_by_concatenate_compiles_every_iteration(compiles):
    total = jax.jit(lambda v: v.sum())
    grown = jnp.ones(1)
    for _ in range(3):
        total(grown)
        grown = jnp.concatenate([grown, jnp.ones(1)])
    assert compiles.of("<lambda>") == 3


def _times(x, s):
    return x * s


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ((1, 1.0), 2),
        ((1.0, jnp.float32(1.0)), 2),
        ((1.0, np.array(1.0)), 2),
        ((1.0, jnp.array(1.0, dtype=jnp.float32)), 2),
        ((1.0, jnp.array(1.0)), 1),  # `jnp.array` of a Python float stays weakly typed
        ((1, jnp.asarray(1)), 1),
        ((2.0, 3.5), 1),
    ],
    ids=["int-float", "float-jnp.float32", "float-np.array", "float-jnp.array-dtype",
         "float-jnp.array", "int-jnp.asarray", "float-float"],
)
def test_weak_type_and_dtype_are_part_of_the_cache_key(compiles, values, expected):
    def times(x, s):
        return _times(x, s)

    jitted = jax.jit(times)
    for value in values:
        jitted(jnp.ones(3), value)
    assert compiles.of("times") == expected


class _Plain:
    def __init__(self, n):
        self.n = n


class _ValueHashed:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return isinstance(other, _ValueHashed) and other.n == self.n

    def __hash__(self):
        return hash(self.n)


@dataclasses.dataclass(frozen=True)
class _Frozen:
    n: int


@dataclasses.dataclass
class _Mutable:
    n: int


def _by_config(x, config):
    return x * config.n


@pytest.mark.parametrize(("cls", "expected"), [(_Plain, 3), (_ValueHashed, 1), (_Frozen, 1)])
def test_static_argument_hashed_by_identity_compiles_per_instance(compiles, cls, expected):
    def by_config(x, config):
        return _by_config(x, config)

    jitted = jax.jit(by_config, static_argnums=1)
    for _ in range(3):
        jitted(jnp.ones(3), cls(2))
    assert compiles.of("by_config") == expected


def test_one_plain_instance_reused_compiles_once(compiles):
    def by_config(x, config):
        return _by_config(x, config)

    jitted = jax.jit(by_config, static_argnums=1)
    config = _Plain(2)
    for _ in range(3):
        jitted(jnp.ones(3), config)
    assert compiles.of("by_config") == 1


def test_mutable_dataclass_as_static_argument_raises_instead():
    # Not a recompilation: the static-argument rules (JAX3xx) own this one.
    with pytest.raises(ValueError, match="Non-hashable static arguments"):
        jax.jit(_by_config, static_argnums=1)(jnp.ones(3), _Mutable(2))


def test_static_argument_from_a_literal_tuple_compiles_once_per_value(compiles):
    def per_value(x, config):
        return x * config.n

    jitted = jax.jit(per_value, static_argnums=1)
    for n in (2, 2, 3):
        jitted(jnp.ones(3), _Frozen(n))
    assert compiles.of("per_value") == 2


def _kind(value):
    aval = jax.typeof(value)
    return str(aval.dtype), aval.weak_type


def test_matmul_promotes_weak_types_as_elementwise_operators_do():
    @jax.jit
    def products(a, b):
        weak_matrix, weak_vector = jnp.broadcast_to(a, (2, 2)), jnp.broadcast_to(b, (2,))
        kinds = [
            _kind(weak_matrix @ weak_vector),
            _kind(weak_matrix @ jnp.ones(2, jnp.float32)),
            _kind(jnp.ones((2, 2), jnp.int32) @ jnp.ones(2, jnp.float32)),
        ]
        assert kinds == [("float32", True), ("float32", False), ("float32", False)]
        return a

    products(1.0, 2.0)


def test_a_differentiated_argument_keeps_its_weak_type():
    @jax.jit
    def gradients(weak, strong):
        value, grad = jax.value_and_grad(lambda p: p * 2.0)(weak)
        assert _kind(value) == _kind(grad) == ("float32", True)
        value, grad = jax.value_and_grad(lambda p: jnp.sum(p * 2.0))(strong)
        assert _kind(value) == _kind(grad) == ("float32", False)
        return value

    gradients(1.0, jnp.ones(3))


def test_a_weak_field_made_strong_by_a_loss_through_matmul_and_grad_compiles_twice(compiles):
    @jax.jit
    def scaled_step(params, average, x):
        loss, grad = jax.value_and_grad(lambda p: jnp.mean(x @ p))(params)
        return params - grad, average + loss

    params, average, x = jnp.zeros(3), jnp.asarray(0.0), jnp.ones((4, 3))
    for _ in range(3):
        params, average = scaled_step(params, average, x)
    assert compiles.of("scaled_step") == 2


def test_max_of_an_int_and_a_float_compiles_once_per_type_it_returns(compiles):
    @jax.jit
    def scaled(x, total):
        return x * total

    for estimate in (0.15, 30.5):
        scaled(jnp.ones(3), max(1, estimate))  # the int 1, then the float 30.5
    assert compiles.of("scaled") == 2


def test_random_draws_are_strongly_typed_whatever_their_bounds():
    from jaxcheck.names import SAMPLER_DTYPES

    @jax.jit
    def draws(key, weak):
        found = {
            "jax.random.normal": jax.random.normal(key, (3,)),
            "jax.random.uniform": jax.random.uniform(key, (), minval=0.0, maxval=weak),
            "jax.random.truncated_normal": jax.random.truncated_normal(key, -1.0, 1.0),
            "jax.random.gumbel": jax.random.gumbel(key),
            "jax.random.exponential": jax.random.exponential(key),
            "jax.random.laplace": jax.random.laplace(key),
            "jax.random.logistic": jax.random.logistic(key),
            "jax.random.cauchy": jax.random.cauchy(key),
            "jax.random.bernoulli": jax.random.bernoulli(key),
            "jax.random.randint": jax.random.randint(key, (), 0, 5),
        }
        assert {name: _kind(value) for name, value in found.items()} == {
            name: (dtype, False) for name, (dtype, _) in SAMPLER_DTYPES.items()
        }
        assert _kind(jax.random.normal(key, (), jnp.bfloat16)) == ("bfloat16", False)
        return weak

    draws(jax.random.PRNGKey(0), 1.0)


def _tanh_model(theta):
    return jnp.tanh(theta) * jnp.arange(1.0, 4.0)


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda i: jax.vjp(_tanh_model, jnp.float32(i))[1], 3),  # a new pullback per iteration
        (lambda i: jax.tree_util.Partial(lambda c: c * i), 3),  # a new function in the treedef
        (lambda i: jax.tree_util.Partial(jnp.multiply, jnp.float32(i)), 1),  # arguments are leaves
    ],
)
def test_a_callable_pytree_passed_to_jit_is_keyed_by_its_function(compiles, make, expected):
    # `Transform.returns_callable_pytree`: the function of a `Partial` sits in the treedef.
    apply = jax.jit(lambda fn, c: fn(c))
    for i in range(3):
        apply(make(i), jnp.ones(3))
    assert compiles.of("<lambda>") == expected


def test_one_pullback_passed_three_times_compiles_once(compiles):
    apply = jax.jit(lambda fn, c: fn(c))
    _, pullback = jax.vjp(_tanh_model, jnp.float32(0.5))
    for _ in range(3):
        apply(pullback, jnp.ones(3))
    assert compiles.of("<lambda>") == 1


def test_filter_jit_of_a_rebuilt_filter_grad_compiles_once(compiles):
    # `Transform.returns_equal_wrappers`: equinox's wrappers compare equal by their function.
    eqx = pytest.importorskip("equinox")
    w, x = jnp.ones(3), jnp.ones((4, 3))
    for _ in range(3):
        eqx.filter_jit(eqx.filter_grad(_sum_of_squares))(w, x)
    assert compiles.of("_sum_of_squares") == 1
    for _ in range(3):
        eqx.filter_jit(jax.grad(_sum_of_squares))(w, x)
    assert compiles.of("_sum_of_squares") == 4


def _sum_of_squares(w, x):
    return jnp.sum((x @ w) ** 2)



def _ramp(s):
    return s * 2.0


def test_a_library_function_that_jits_itself_keys_its_cache_on_the_functions_it_is_given(compiles):
    """`names.STATIC_FUNCTION_ARGUMENTS`: a new function on each call compiles each time, one
    function (in a new list each time) once."""
    from jax.experimental.ode import odeint

    x = jnp.linspace(-1.0, 1.0, 4)
    ts = jnp.linspace(0.0, 1.0, 3)
    for _ in range(3):
        jnp.piecewise(x, [x < 0, x >= 0], [0.0, lambda s: s * 2.0])
        odeint(lambda y, t: -y, x, ts)
    assert (compiles.of("_piecewise"), compiles.of("_odeint_wrapper")) == (3, 3)
    compiles.reset()
    for _ in range(3):
        jnp.piecewise(x, [x < 0, x >= 0], [0.0, _ramp])
    assert compiles.of("_piecewise") == 1


# -- where a static object is made (analysis/host/cache_keys.py, bench/measure_identity_statics.py)


class _Model:
    def __init__(self, scale):
        self.scale = scale

    def predict(self, x):
        return x * self.scale

    def refit(self):
        return _Model(self.scale)


def _predict(model, x):
    return model.predict(x)


def test_a_static_object_rebuilt_on_each_pass_compiles_on_each_pass_a_reused_one_once(compiles):
    import copy

    predict = jax.jit(_predict, static_argnums=0)
    model = _Model(2.0)
    for _ in range(3):
        predict(model, jnp.ones(3))
        model = model.refit()  # a new object, hashed by identity
    assert compiles.of("_predict") == 3
    compiles.reset()
    base = _Model(2.0)
    for _ in range(3):
        predict(copy.deepcopy(base), jnp.ones(3))
    assert compiles.of("_predict") == 3
    compiles.reset()
    for _ in range(3):
        predict(base, jnp.ones(3))
    assert compiles.of("_predict") == 1


def test_a_static_object_changed_in_place_keeps_its_program_and_its_stale_attributes(compiles):
    predict = jax.jit(_predict, static_argnums=0)
    model = _Model(2.0)
    first = predict(model, jnp.ones(3))
    model.scale = 5.0
    second = predict(model, jnp.ones(3))
    assert compiles.of("_predict") == 1
    assert float(second[0]) == float(first[0]) == 2.0  # not 5.0


def test_a_bound_method_compares_by_the_identity_of_its_receiver(compiles):
    import typing

    class State(typing.NamedTuple):
        w: float

        def loss(self, x):
            return x * self.w

    def apply(fn, x):
        return fn(x)

    jitted = jax.jit(apply, static_argnums=0)
    state = State(2.0)
    for _ in range(3):
        jitted(state.loss, jnp.ones(3))
        state = state._replace(w=2.0)  # equal by value, but a new receiver
    assert compiles.of("apply") == 3


def test_static_argnums_of_a_jitted_bound_method_count_the_arguments_after_its_receiver():
    class Holder:
        def method(self, x, fn, y):
            return fn(x) + y

    jitted = jax.jit(Holder().method, static_argnums=(1,))
    assert float(jitted(jnp.ones(()), jnp.sin, 1.0)) == pytest.approx(float(jnp.sin(1.0)) + 1.0)  # `fn` static
