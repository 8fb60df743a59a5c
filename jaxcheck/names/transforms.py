"""The transformations JAX applies, and the options each one takes."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from .spellings import canonical

ParamPolicy = Literal["all", "annotated-arrays", "none"]


@dataclass(frozen=True)
class AxesOption:
    """An option whose `None` entries pass an argument through untraced: vmap's `in_axes`,
    shard_map's `in_specs`."""

    name: str
    position: int | None  # its position among the transformation's arguments, if it has one
    bare_none_passes_all: bool = False  # vmap's `in_axes=None`


@dataclass(frozen=True)
class Operand:
    """Where an argument of a transformation's call sits: its position and its keyword."""

    position: int | None
    keyword: str | None = None


# How lax control flow (and the solvers like it) calls the functions it is given, with which of
# its own arguments (measured on jax 0.10.2, with and without an enclosing jit: every leaf of an
# operand arrives as a tracer, a Python number included, and `None` stays `None`):
#   "scan"          body(carry, x) -> (carry, y); the call returns (carry, ys)
#   "fori_loop"     body(i, carry) -> carry, `i` a traced int; returns the carry
#   "while_loop"    cond(carry) -> bool, body(carry) -> carry; returns the carry
#   "branches"      each branch(*operands); returns what a branch returns
#   "map"           f(x, *args) for each slice x of xs, `args` (apply_along_axis's) passed as
#                   they are; returns the results stacked
#   "combine"       fn(a, b) with a and b shaped like the operand (associative_scan, reduce)
#   "odeint"        func(y, t, *args)
#   "minimize"      fun(x, *args)
ConventionKind = Literal["scan", "fori_loop", "while_loop", "branches", "map", "combine", "odeint", "minimize"]


@dataclass(frozen=True)
class Convention:
    """How a transformation that runs its functions at once calls them."""

    kind: ConventionKind
    carry: Operand | None = None  # the initial value of a loop's carry (or the value combined)
    xs: Operand | None = None  # the operand sliced along its leading axis (scan, map)
    operands_from: int | None = None  # the position the branches' operands start at
    operand_keyword: str | None = None  # ... or the keyword passing the one operand (`operand=`)
    extra_from: int | None = None  # further positional arguments passed on (odeint, minimize, map)
    extra_keyword: str | None = None  # ... or passed as a tuple by this keyword (`args=`)
    # Arguments that must be Python values when the call is traced: a traced one raises
    # ConcretizationTypeError (measured on jax 0.10.2 under `jax.jit`: scan's `length`, by
    # keyword or position, and `unroll`; fori_loop's `unroll`).
    concrete: tuple[Operand, ...] = ()
    # "branches" whose each function takes its own operand, by position (see ``per_branch_form``).
    own_operands: tuple[int, ...] = ()


@dataclass(frozen=True)
class Transform:
    """How a JAX transformation treats the function it is given.

    ``staged``: traced once and cached, so Python side effects in the body are frozen.
    ``abstract``: parameters become abstract tracers, so Python control flow on them raises
    (true under jit, vmap and lax bodies; false under grad alone, whose tracers stay concrete).
    ``params``: which parameters hold traced values ("all" non-static ones; "annotated-arrays"
    for transforms that make every non-array argument static, as equinox's ``filter_jit``).
    ``function_args``: positions and keyword names of the arguments that are functions traced
    by this transform (the decorated function for decorators).
    ``takes_static``: whether ``static_argnums``/``static_argnames`` apply.
    """

    name: str
    staged: bool
    abstract: bool = True
    params: ParamPolicy = "all"
    function_args: tuple[tuple[int, str], ...] = ((0, "fun"),)
    takes_static: bool = False
    # Whether its `static_argnums` index the positional arguments of each call rather than the
    # function's parameters: jit maps a static parameter passed by keyword onto its position,
    # checkpoint and remat do not (measured on jax 0.10.2: `jax.checkpoint(f, static_argnums=1)`
    # on `def f(x, flag=False)` runs `g(x, True)` and raises `ValueError: the static_argnums
    # argument to jax.checkpoint / jax.remat can only take integer values greater than or equal
    # to -len(args) and less than len(args)` for `g(x, flag=True)` and `g(x)`, under jit too).
    static_argnums_index_call: bool = False
    manages_state: bool = False
    axes_option: AxesOption | None = None  # whose `None` entries pass arguments through
    # Whether its cache finds a callable equal to one it has seen: a bound method of the same
    # object is then no new callable (`obj.f == obj.f`). jax.pmap since jax 0.8 (built on jit
    # and shard_map; measured on jax 0.10.2: `jax.pmap(self.buffer.insert)` per call traces once,
    # `jax.jit(self.buffer.insert)` every time; on jax 0.4.30 pmap traced every time too).
    # equinox.filter_jit keys on the callable's hash and equality (measured on jax 0.10.2 with
    # equinox: `eqx.filter_jit(self.apply)(x)` per call, of an `eqx.Module` or a plain object,
    # compiles once for 4 calls, in a method or a loop; `eqx.filter_jit(lambda ...)` 3 times in 3).
    caches_equal_callables: bool = False
    # Whether what it returns compares equal to another of its results over an equal function:
    # equinox's filtered transformations return `equinox.Module`s whose equality is their fields'
    # (the function wrapped), so a cache that compares callables by equality finds a rebuilt one
    # (measured on jax 0.10.2 with equinox, bench/measure_equal_wrappers.py: rebuilding
    # `eqx.filter_jit(eqx.filter_grad(loss))` 3 times compiles `loss` once, as with
    # `filter_value_and_grad` and `filter_vmap`; `eqx.filter_jit(jax.grad(loss))` 3 times;
    # `jax.jit` of an `eqx.filter_grad(loss)` raises `TypeError: unhashable type: 'dict'`).
    returns_equal_wrappers: bool = False
    # Where in the tuple it returns sits a callable pytree (a `jax.tree_util.Partial`) over a
    # function made anew on each call: passed to a jitted function as an ordinary argument, that
    # function is part of the treedef, which the cache compares by equality (identity here), so
    # each new one compiles again. Measured on jax 0.10.2 (bench/measure_callable_pytrees.py):
    # the pullback of `jax.vjp` and the function `jax.linearize` returns, made per iteration and
    # passed to `@jax.jit def apply(fn, c)`, compile `apply` 3 times in 3 iterations; one
    # pullback passed 3 times compiles once; `Partial(module_function, array)` made per
    # iteration once (its arguments are leaves), `Partial(lambda ...)` 3 times; a pullback per
    # iteration given to `equinox.filter_jit` 3 times too.
    returns_callable_pytree: int | None = None
    # Whether it hashes the callables it is given (its cache keys on them): a callable object
    # that cannot be hashed fails there. Measured on jax 0.10.2 with an `equinox.Module` holding
    # an array (bench/measure_static_values.py): `jax.jit`, `jax.pmap`, `jax.checkpoint`,
    # `jax.remat`, `lax.scan`, `lax.while_loop`, `lax.cond` and `lax.switch` raise `TypeError:
    # unhashable type`; `jax.vmap`, `jax.grad`, `lax.fori_loop`, `lax.map` and
    # `equinox.filter_jit` run (they wrap it, or key on something else).
    hashes_functions: bool = False
    # Whether it checks `static_argnums`/`static_argnames`/`donate_*` against the signature of
    # the function it is given when it wraps it: measured on jax 0.10.2, `jax.jit` (and pjit)
    # raise there, a decorator at import; it maps non-negative numbers to names and names to
    # numbers, so a parameter named in either option is static however it is passed. `jax.pmap`
    # spells them `static_broadcasted_argnums` and checks nothing.
    checks_static_options: bool = False
    # Whether it hashes its static arguments at each call to look up its compiled program: an
    # unhashable one raises `ValueError: Non-hashable static arguments` (measured on jax 0.10.2
    # for `jax.jit` and for a dict at `jax.pmap`'s `static_broadcasted_argnums`).
    hashes_static_arguments: bool = False
    # Names its compilations carry whatever function it is given, besides `<transform>(<name>)`:
    # jax.pmap is built on jit since jax 0.8 and logs `jit(_fun)` (measured on jax 0.10.2 with
    # the `/jax/core/compile/backend_compile_duration` event: `jax.pmap(lambda v: v * 2)` and
    # `jax.pmap(partial(f, k=1))` both compile as `jit(_fun)`; `jax.jit` of the same as
    # `jit(<lambda>)` and `jit(f)`).
    compiled_as: tuple[str, ...] = ()
    # Called outside any trace, it compiles its bodies as one program, cached on the identity
    # of the functions it is given, as `jax.jit` is: a lambda, a `partial`, a bound method or
    # a nested function passed to `lax.scan` in host code compiles on every call. The names
    # JAX gives that program (`jit(scan)`); empty when it compiles nothing of its own. Measured
    # on jax 0.10.2 and 0.4.30 with `jax.log_compiles`: scan, fori_loop (scan, or while with array
    # bounds), while_loop, cond, switch, map and reduce compile on every call of a new function;
    # `associative_scan` runs op by op.
    eager_programs: tuple[str, ...] = ()
    # For lax control flow and the solvers like it: how it calls its functions, at once (None:
    # the transformation returns a function that is called later).
    convention: Convention | None = None
    # Whether the transformation runs its function at once with the arguments of the same call
    # (`jax.jvp(f, primals, tangents)`, `jax.eval_shape(f, x)`) rather than returning a function.
    runs_at_once: bool = False
    # Whether it evaluates its function on values (False: it only traces it, to a jaxpr or to
    # the shapes of its results): `jax.make_jaxpr(f)(key, x)` and `jax.eval_shape(f, key, x)`
    # draw no random bits from the key they are given. Measured on jax 0.10.2
    # (bench/measure_abstract_evaluation_keys.py): after `f(key, x)`, `make_jaxpr(f)(key, x)`
    # and `eval_shape(f, key, x)` of a typed key raise no `KeyReuseError` under
    # `jax_debug_key_reuse`, while a second `f(key, x)` does.
    evaluates: bool = True
    # Whether its body runs once per iteration or mapped element (traced once, then repeated):
    # a loop of lax or of flax.nnx, or a mapping transformation.
    repeats_body: bool = False
    # Whether it runs its function operation by operation outside a staged trace, batching only
    # what its mapped arguments reach: an operation on concrete values alone (a float closed
    # over, a constant) gives a concrete array. Measured on jax 0.10.2: `math.exp(jnp.log(c))`
    # of a closed-over float `c` runs under `jax.vmap` and `equinox.filter_vmap`, and raises
    # ConcretizationTypeError under `jax.jit` of the same and under `jax.checkpoint`.
    batches_eagerly: bool = False
    # A deprecated calling form still accepted, taken by a call with exactly as many positional
    # arguments as its function and operand positions, whose last function position holds a
    # function (in the current form an operand, which cannot be one: a function operand raises
    # TypeError "not a valid JAX type"). `lax.cond(pred, true_operand, true_fun, false_operand,
    # false_fun)` on jax 0.10.2 calls `true_fun(true_operand)` or `false_fun(false_operand)`.
    per_branch_form: Transform | None = None

    @property
    def compiles_eagerly(self) -> bool:
        return bool(self.eager_programs)


def _jit(name: str, **overrides: object) -> Transform:
    fields: dict = {"staged": True, "takes_static": True, "function_args": ((0, "fun"),), "hashes_functions": True}
    fields.update(overrides)
    return Transform(name, **fields)


def _traced(
    name: str, *function_args: tuple[int, str], staged: bool = False, abstract: bool = True,
    eager_programs: tuple[str, ...] = (), convention: Convention | None = None, runs_at_once: bool = False,
    repeats_body: bool = False, hashes_functions: bool = False,
) -> Transform:
    return Transform(
        name, staged=staged, abstract=abstract, function_args=function_args or ((0, "fun"),),
        eager_programs=eager_programs, convention=convention, hashes_functions=hashes_functions,
        runs_at_once=runs_at_once or convention is not None,
        repeats_body=repeats_body or (convention is not None and convention.kind in LOOP_CONVENTIONS),
    )


# The calling conventions of loops: their body runs once per iteration (or element), and for
# the first three the position of the carry among the body's parameters.
CARRY_PARAMETER = {"scan": 0, "fori_loop": 1, "while_loop": 0}
LOOP_CONVENTIONS = frozenset({*CARRY_PARAMETER, "map"})


_SCAN = Convention(
    "scan", carry=Operand(1, "init"), xs=Operand(2, "xs"), concrete=(Operand(3, "length"), Operand(5, "unroll"))
)
_FORI_LOOP = Convention("fori_loop", carry=Operand(3, "init_val"), concrete=(Operand(None, "unroll"),))
_WHILE_LOOP = Convention("while_loop", carry=Operand(2, "init_val"))
_COND = Convention("branches", operands_from=3, operand_keyword="operand")
_SWITCH = Convention("branches", operands_from=2, operand_keyword="operand")
_MAP = Convention("map", xs=Operand(1, "xs"))


# Transformations whose function is compiled once and cached: trace-time side effects freeze.
JIT_TRANSFORMS: dict[str, Transform] = {
    t.name: t
    for t in (
        _jit("jax.jit", checks_static_options=True, hashes_static_arguments=True),
        _jit(
            "jax.pmap", function_args=((0, "fun"),), caches_equal_callables=True, compiled_as=("_fun",),
            hashes_static_arguments=True,
        ),
        _jit("jax.experimental.pjit.pjit", checks_static_options=True, hashes_static_arguments=True),
        _jit("jax.pjit"),
        _jit("equinox.filter_jit", params="annotated-arrays", takes_static=False, caches_equal_callables=True, hashes_functions=False),
        _jit("equinox.filter_pmap", params="annotated-arrays", takes_static=False, hashes_functions=False),
        _jit("flax.nnx.jit", manages_state=True, hashes_functions=False),
        _jit("flax.nnx.pmap", manages_state=True, hashes_functions=False),
    )
}

# Bodies of lax control flow: traced (and staged, since they are traced into the enclosing
# computation or compiled on their own). Every parameter is traced; none can be static.
CONTROL_FLOW: dict[str, Transform] = {
    t.name: t
    for t in (
        _traced("jax.lax.scan", (0, "f"), staged=True, eager_programs=("scan",), hashes_functions=True, convention=_SCAN),
        _traced(
            "jax.lax.fori_loop", (2, "body_fun"), staged=True, eager_programs=("scan", "while"), convention=_FORI_LOOP
        ),
        _traced(
            "jax.lax.while_loop", (0, "cond_fun"), (1, "body_fun"), staged=True, eager_programs=("while",),
            hashes_functions=True, convention=_WHILE_LOOP,
        ),
        replace(
            _traced("jax.lax.cond", (1, "true_fun"), (2, "false_fun"), staged=True, eager_programs=("cond",), hashes_functions=True, convention=_COND),
            per_branch_form=_traced(
                "jax.lax.cond", (2, "true_fun"), (4, "false_fun"), staged=True, eager_programs=("cond",),
                hashes_functions=True, convention=Convention("branches", own_operands=(1, 3)),
            ),
        ),
        _traced("jax.lax.switch", (1, "branches"), staged=True, eager_programs=("cond",), hashes_functions=True, convention=_SWITCH),
        _traced("jax.lax.map", (0, "f"), staged=True, eager_programs=("scan",), convention=_MAP),
        _traced(
            "jax.lax.associative_scan", (0, "fn"), staged=True, convention=Convention("combine", carry=Operand(1, "elems"))
        ),
        _traced(
            "jax.lax.reduce", (3, "computation"), staged=True, eager_programs=("reduce",),
            convention=Convention("combine", carry=Operand(0, "operands")),
        ),
        # `None` in `in_specs` passes a Python value through as it is (measured on jax 0.10.2:
        # an int stays an int, eagerly and inside jit; with `P()` it is traced).
        Transform(
            "jax.experimental.shard_map.shard_map", staged=False, function_args=((0, "f"),),
            axes_option=AxesOption("in_specs", 2),
        ),
        Transform(
            "jax.shard_map", staged=False, function_args=((0, "f"),), axes_option=AxesOption("in_specs", None)
        ),
        # Flax NNX's versions of the lax loops and branches (they lift module state through).
        # `nnx.scan` returns a function (like `jax.vmap`); the others run at once as lax's do.
        _traced("flax.nnx.scan", (0, "f"), staged=True, repeats_body=True),
        _traced("flax.nnx.fori_loop", (2, "body_fun"), staged=True, convention=_FORI_LOOP),
        _traced("flax.nnx.while_loop", (0, "cond_fun"), (1, "body_fun"), staged=True, convention=_WHILE_LOOP),
        _traced("flax.nnx.cond", (1, "true_fun"), (2, "false_fun"), staged=True, convention=_COND),
        _traced("flax.nnx.switch", (1, "branches"), staged=True, convention=_SWITCH),
        # Solvers that trace the function they are given inside their own loops.
        _traced(
            "jax.experimental.ode.odeint", (0, "func"), staged=True,
            convention=Convention("odeint", carry=Operand(1, "y0"), xs=Operand(2, "t"), extra_from=3),
        ),
        _traced(
            "jax.scipy.optimize.minimize", (0, "fun"),
            convention=Convention("minimize", carry=Operand(1, "x0"), extra_keyword="args"),
        ),
    )
}

# Functions with their own differentiation rules; their non-differentiable arguments
# (`nondiff_argnums`/`nondiff_argnames`) stay Python values in the function and its rules.
CUSTOM_DERIVATIVES = frozenset({"jax.custom_jvp", "jax.custom_vjp"})

# Traced on every call but not cached: side effects run each call. Under vmap and checkpoint the
# values are abstract (concretization raises); under grad alone they stay concrete (measured on
# jax 0.10.2).
TRACING_TRANSFORMS: dict[str, Transform] = {
    t.name: t
    for t in (
        Transform(
            "jax.vmap", staged=False, axes_option=AxesOption("in_axes", 1, bare_none_passes_all=True), repeats_body=True,
            batches_eagerly=True,
        ),
        _traced("jax.grad", abstract=False),
        _traced("jax.value_and_grad", abstract=False),
        _traced("jax.jacfwd", abstract=False),
        _traced("jax.jacrev", abstract=False),
        _traced("jax.jacobian", abstract=False),
        _traced("jax.hessian", abstract=False),
        # checkpoint/remat trace their function to a jaxpr even outside jit and under grad
        # alone: Python control flow on its inputs raises (measured on jax 0.10.2).
        Transform("jax.checkpoint", staged=False, takes_static=True, static_argnums_index_call=True, hashes_functions=True),
        Transform("jax.remat", staged=False, takes_static=True, static_argnums_index_call=True, hashes_functions=True),
        Transform("jax.ad_checkpoint.checkpoint", staged=False, takes_static=True, static_argnums_index_call=True, hashes_functions=True),
        Transform("flax.nnx.remat", staged=False, takes_static=True),
        Transform("jax.custom_jvp", staged=False, abstract=False, takes_static=True),
        Transform("jax.custom_vjp", staged=False, abstract=False, takes_static=True),
        replace(_traced("jax.linearize", abstract=False, runs_at_once=True), returns_callable_pytree=1),
        _traced("jax.jvp", abstract=False, runs_at_once=True),
        replace(_traced("jax.vjp", abstract=False, runs_at_once=True), returns_callable_pytree=1),
        replace(_traced("jax.eval_shape", runs_at_once=True), evaluates=False),
        # `make_jaxpr(f, static_argnums=...)` keeps those arguments Python values and hashes
        # them, and rejects a number past the positional arguments when the function it makes
        # is called (measured on jax 0.10.2, bench/measure_static_through_objects.py: `if n > 0`
        # on a static `n` runs; a list there raises `ValueError: Non-hashable static
        # arguments`; `static_argnums=2` on `g(x, n)` raises `ValueError` at the call).
        replace(_traced("jax.make_jaxpr"), takes_static=True, hashes_static_arguments=True, evaluates=False),
        # `jnp.apply_along_axis(func1d, axis, arr, *args)` vmaps `func1d` over the 1-D slices of
        # `arr` at once, on every call, and passes `args` as they are (measured on jax 0.10.2:
        # one-argument `jnp.where` of the slice raises ConcretizationTypeError outside any jit;
        # `if n > 1` on a Python `n` passed after `arr` runs; two calls trace `func1d` twice).
        _traced("jax.numpy.apply_along_axis", (0, "func1d"), convention=Convention("map", xs=Operand(2, "arr"), extra_from=3)),
        # `jnp.vectorize(f, signature=..., excluded=...)` returns a function that vmaps `f` once
        # per batch dimension on every call; the `excluded` arguments pass as they are
        # (measured on jax 0.10.2, bench/vectorize_traces.py: `if x > 0` in `f` raises
        # TracerBoolConversionError outside any jit, with and without a core signature; `if n > 1`
        # on an excluded Python `n` runs; two calls run `f` twice). Known limit: a shape taken
        # from a vectorized argument (`jnp.zeros((math.prod(dim), 1))`) raises under jit but ran
        # under `jnp.vectorize` alone in that measurement; the analysis takes it as traced.
        Transform(
            "jax.numpy.vectorize", staged=False, function_args=((0, "pyfunc"),), takes_static=True,
            repeats_body=True, batches_eagerly=True,
        ),
        Transform(
            "equinox.filter_vmap", staged=False, params="annotated-arrays", repeats_body=True, batches_eagerly=True,
            returns_equal_wrappers=True,
        ),
        replace(_traced("equinox.filter_grad", abstract=False), returns_equal_wrappers=True),
        replace(_traced("equinox.filter_value_and_grad", abstract=False), returns_equal_wrappers=True),
        Transform(
            "flax.nnx.vmap", staged=False, axes_option=AxesOption("in_axes", 1, bare_none_passes_all=True),
            repeats_body=True, batches_eagerly=True,
        ),
        _traced("flax.nnx.grad", abstract=False),
        _traced("flax.nnx.value_and_grad", abstract=False),
    )
}
# Of those, the ones that call their function with the arguments as given (the same shapes,
# dtypes, weak types and static values): a jitted function under them is keyed on what the caller
# passes. Measured on jax 0.10.2: `jax.grad(jitted)(w, xs[:, :t])` traces `jitted` once per `t`,
# a Python float then a float32 twice, three static values three times.
ARGUMENT_PRESERVING_TRANSFORMS = frozenset({"jax.grad", "jax.value_and_grad"})
# Those that differentiate their function with respect to the arguments `argnums` names (the
# first by default): the function receives JVP tracers there, whatever the caller passes (grad
# takes only arrays and pytrees of them). Measured on jax 0.10.2: `np.linalg.inv` of the
# differentiated argument raises TracerArrayConversionError, of another argument it works.
DIFFERENTIATING_TRANSFORMS = ARGUMENT_PRESERVING_TRANSFORMS | frozenset({
    "jax.jacfwd", "jax.jacrev", "jax.jacobian", "jax.hessian", "equinox.filter_grad",
    "equinox.filter_value_and_grad", "flax.nnx.grad", "flax.nnx.value_and_grad",
})

# How many times the equations of a differentiated function a transformation adds to a traced
# program (measured on jax 0.10.2, `bench/bench_unroll_weight.py`'s `equations`): `jax.grad` and
# `jax.value_and_grad` of a 9-equation MLP loss 25 (2.8x), `jax.grad` of a 20-equation bond energy
# 36 (1.8x), `jax.jacfwd` of it 44 (2.2x), `jax.hessian` 110 (5.5x).
DIFFERENTIATION_EQUATION_FACTOR = 3
SECOND_ORDER_EQUATION_FACTOR = 6
SECOND_ORDER_TRANSFORMS = frozenset({"jax.hessian"})

# Probabilistic programs under inference: a NumPyro MCMC kernel traces its model inside jit, and
# `Predictive` maps it with `lax.map`/`vmap`. The model's arguments are closed over (concrete
# data); its sample sites are tracers (measured on jax 0.10.2: `if z > 0` on a sample raises
# `TracerBoolConversionError` under `MCMC(NUTS(model))`).
MODEL_INFERENCE: dict[str, Transform] = {
    t.name: t
    for t in (
        *(
            Transform(f"numpyro.infer.{kernel}", staged=True, params="none", function_args=((0, "model"),))
            for kernel in ("NUTS", "HMC", "SA", "BarkerMH")
        ),
        Transform("numpyro.infer.Predictive", staged=False, params="none", function_args=((0, "model"),)),
    )
}
# Functions whose result is a tracer inside a model under inference (`obs=` data stays concrete).
MODEL_SAMPLE_SITES = frozenset({"numpyro.sample", "numpyro.param"})

# The sanctioned escape hatches (`jax.debug.print`, `jax.debug.callback`, `io_callback`,
# `pure_callback`) need no entry: a function passed to a call is never taken as traced, only
# functions that a traced body calls directly, or that a transform is applied to.

# `functools.partial` spellings, for `partial(jax.jit, static_argnums=...)`.

# Pytree classes whose `tree_unflatten` calls the class: `__init__` runs with tracers whenever
# an instance crosses a transformation (an unflatten is not cached: effects are not frozen).
# Methods by which a class makes itself, or its subclasses, something jit can take: an array
# (`__jax_array__`), or a pytree node registered by `__init_subclass__` (treex's `Module` calls
# `register_pytree_node_class(cls)` there; measured, bench/measure_untraceable_arguments.py: an
# instance of such a subclass passes through `jax.jit`).
MAY_MAKE_PYTREES = frozenset({"__jax_array__", "__init_subclass__"})
PYTREE_CLASS_REGISTRATIONS = frozenset(
    {"jax.tree_util.register_pytree_node_class", "jax.tree_util.register_pytree_with_keys_class"}
)
# Registrations by a call naming the class and its flatten/unflatten functions: an instance
# crosses a transformation as a pytree whose leaves the analysis does not read.
PYTREE_NODE_REGISTRATIONS = frozenset(
    {"jax.tree_util.register_pytree_node", "jax.tree_util.register_pytree_with_keys"}
)
PYTREE_UNFLATTEN = Transform("jax.tree_util.register_pytree_node_class", staged=False, abstract=True)


def transform_for(name: str) -> Transform | None:
    """The transformation that ``name`` (a resolved, public spelling) applies, if any."""
    name = canonical(name)
    return (
        JIT_TRANSFORMS.get(name) or CONTROL_FLOW.get(name) or TRACING_TRANSFORMS.get(name)
        or MODEL_INFERENCE.get(name)
    )

# Library functions that jit themselves with the functions they are given among the static
# arguments of their own jit, so that their cache compares those functions by hash and `==`
# (identity, for a lambda, a `partial` or a nested function): called outside a trace with a
# new function each time, they compile each time. Where each such argument sits; `funclist`
# is a sequence, each function in it compared on its own. Measured on jax 0.10.2
# (bench/measure_library_callable_keys.py): calls 2 and 3 of `jnp.piecewise(x, conds, [0.0, f])`
# with a new lambda each compile twice, with one module function not at all (a new list of
# it is no new key); `odeint(f, y0, t)` the same. `jax.scipy.optimize.minimize` and
# `jax.scipy.sparse.linalg.cg` compile on every call whatever function they are given, and
# `jnp.vectorize` compiles nothing: neither is keyed on the function.
STATIC_FUNCTION_ARGUMENTS: dict[str, tuple[Operand, ...]] = {
    "jax.numpy.piecewise": (Operand(2, "funclist"),),
    "jax.experimental.ode.odeint": (Operand(0, "func"),),
}

# `functools.partial`, and `jax.tree_util.Partial` (a subclass of it that is also a pytree):
# bind arguments of a function a transformation is then given.
PARTIAL = frozenset({"functools.partial", "jax.tree_util.Partial"})

# Flax linen module classes: `module.apply(variables, *args)` runs `module.__call__(*args)`.
LINEN_MODULES = frozenset({"flax.linen.Module", "flax.linen.module.Module"})

# Haiku turns a function into an object whose `init`/`apply` run it (the wrappers keep it).
HAIKU_TRANSFORMS = frozenset(
    {"haiku.transform", "haiku.transform_with_state", "haiku.without_apply_rng", "haiku.with_empty_state"}
)

# Lax loops whose body is traced once per call of the loop and then run on every iteration
# (measured on jax 0.10.2: a body defined inside the calling function, so traced again on each
# call, runs a Python side effect once per call of `lax.scan`, not once per iteration).
LOOP_BODY_TRANSFORMS = frozenset(t.name for t in CONTROL_FLOW.values() if t.repeats_body)
# Of those, the ones whose body's return value is the next iteration's input (the carry).
CARRY_TRANSFORMS = frozenset(
    t.name for t in CONTROL_FLOW.values() if t.convention is not None and t.convention.kind in CARRY_PARAMETER
)
