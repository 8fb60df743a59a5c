from __future__ import annotations

from ..base import Context, Rule, invalid, valid
import libcst as cst

from ...analysis import FunctionInfo, ModuleFacts, Scope
from ...analysis.transforms.instances import wraps_own_receiver
from ...analysis.host.loops import call_sites_by_node, repeating_loops
from ...analysis.host.fresh_jits import built_when_stale, compiling_call, handed_out_per_run
from ._common import jitted_label

# Why a compile in an alternate constructor looks deliberate (the `info` reason).
_ONCE_PER_OBJECT = "it builds a new object, so this is one compile per object built, as in `__init__`"


class JitPerCall(Rule):
    """
    ## What it does
    Checks for a function body that applies `jax.jit` (or `jax.pmap`) to a callable created
    anew on every call of that function (a lambda, a `functools.partial`, the result of
    `jax.grad`, a bound method, a nested function, an object of a class of the checked code
    with a `__call__`, built there) and calls the result right there: at once
    (`jax.jit(f)(x)`) or through a local name. The same holds for lax control flow run outside
    any trace (`jax.lax.scan`, `fori_loop`, `while_loop`, `cond`, `switch`, `map`, `reduce`):
    it compiles its bodies as one program (`jit(scan)`), cached on the functions it is given.
    Also for a function that calls a jitted callable which a function it calls built anew
    (`infer_fn = get_infer_fn(...)` returning `jax.jit(closure)`); that is reported at the
    call, where each run compiles. A jitted callable handed at once to a transformation that
    caches nothing and called there (`jax.vmap(jax.jit(partial(self.kin)))(xs)`,
    `jax.grad(jax.jit(...))(x)`) is called, and compiled, in that call. Every finding sits at the call that compiles: the first call
    of the jitted callable (the jit itself when it is called at once, `jax.jit(f)(x)`).

    ## Why is this bad?
    The jit cache is keyed by the function object, and the enclosing function makes a new one
    each time it runs, so every call of the enclosing function traces and compiles again.
    Measured on jax 0.10.2: a function doing `jax.jit(inner)(x)` with a nested `def inner`,
    called three times, compiles `inner` three times; a function running
    `jax.lax.scan(step, ...)` over a nested `def step`, called three times outside jit,
    compiles `jit(scan)` three times; a helper doing `jax.jit(call)(*args)` over a nested
    `def call`, reached from `__add__` at each of three `+` in a loop, compiles `call` three
    times; `jax.jit(Step(0.5))(x)` of an object with a `__call__`, built on each of three
    calls, three times, even where the class compares its objects by their fields.

    ## Example
    ```python
    def evaluate(params, batch):
        return jax.jit(lambda p: loss(p, batch))(params)
    ```

    ## Use instead
    ```python
    @jax.jit
    def evaluate(params, batch):
        return loss(params, batch)
    ```

    ## Known problems
    A compile per call is a hazard only for code that runs many times, so the rule asks for
    evidence of that: the module calls the function in a loop, twice from one function (not
    from two branches of one `if`/`elif` outside any loop: a run takes one of them; nor once
    from each of two entry points such as `train_and_evaluate` and `evaluate`, each of which
    runs it once), or from code
    that repeats or may repeat (a helper of a method, such as `__add__`, that runs at every
    `+`), or the function is a method (other than `__init__`) of an object, or another
    module checked with it runs it more than once (a training loop calling `validate`; a
    loader calling it under each `elif` of its load mode runs it once). A plain
    function the module never calls is an entry point or a one-shot setup as often as a hot
    path and is not reported. A function that calls the jitted callable in a loop pays one
    compile for all the loop's calls (a training function with its own loop), and is not
    reported unless that function itself runs repeatedly: the module calls it in a loop, or a
    checked module importing it does (`model.sample(...)` on each evaluation epoch). A function that runs
    once compiles once, and is not reported either: `main`, `test_*` functions,
    `setUp`, pytest fixtures, and functions whose every call in the module runs once outside
    any loop (an entry point called under `if __name__ == "__main__":`). A decorated nested
    `@jax.jit def` is a new function per call of the enclosing function, as `jax.jit(inner)` is.
    Not reported either: a method of an object the function itself creates (a new object
    compiles anyway), a jitted callable that is returned or stored (a factory) unless the
    checked code certainly runs that factory more than once (below), and `jax.pmap`
    of a bound method: since jax 0.8 pmap's cache finds a bound method equal to the last one
    of the same object (measured on jax 0.10.2: one trace for three calls of
    `jax.pmap(self.buffer.insert)(x)`; jax 0.4.30 traced three times), and `equinox.filter_jit`
    of a bound method, whose cache compares callables by equality (measured on jax 0.10.2:
    `eqx.filter_jit(self.apply)(x)` in a method called 4 times compiles once), nor
    `equinox.filter_jit` of what `equinox.filter_grad`, `filter_value_and_grad` or `filter_vmap`
    make of such a function: equinox's wrappers compare equal by the function they wrap (measured
    on jax 0.10.2: `eqx.filter_jit(eqx.filter_grad(loss))` rebuilt 3 times compiles once;
    `eqx.filter_jit(jax.grad(loss))` 3 times, and is reported).
    A class or static method that returns a new instance of its class (`return cls(...)`, an
    alternate constructor such as `from_config`) runs once per object it builds, as `__init__`
    does: its finding is `info`, left out unless `--show-info` asks for it. Nor is a method
    that jits a callable over its own object (`jax.jit(self.train_step)` in `train`) when every
    call of that method in the checked code, in any module, is on an object the calling code
    has just built (`trainer = Trainer(cfg)`, then `trainer.train(rng)`, in the same pass of any
    loop around the call): it runs once per object built, and each object needs its own
    compile (measured on jax 0.10.2: 3 trainers built in turn, each training once, compile 3
    times; one trainer trained 3 times also compiles 3 times, and is reported). Calls are found
    in other modules by the method's name, whatever the receiver; where more than 8 modules
    call that name, nothing is concluded.
    A module-level function decorated with jit (over `vmap` or anything else), of this module
    or another, is made once when its module runs: a method that picks it (`init_fn = a if
    vec else b`) and calls it compiles it once, however often it runs.
    A factory (a function returning a fresh jitted callable, or storing one on its object, its
    constructor too) is reported at the jit when it certainly runs more than once: this module
    or a checked module importing it calls it in a loop (not one over a collection written at
    the loop, a handful of configurations), or from a function that module calls in such a
    loop, or from a method that runs so (`__init__` calling `self.jit_my_stuff()`, the object
    built per step). Measured on jax 0.10.2: a factory returning `jax.jit(closure)` run 3 times
    compiles 3 times; `__init__` jitting a nested function, 3 objects, 3 times. Left out: a
    caller that calls the product itself (`step = make_step(cfg); step(x)`, reported at that
    call), a build behind a test of where it is kept (`if key not in self._fns:`), a factory
    behind a result cache (`functools.cache`), a method every call of which in the module
    sits under an `if` testing a field it stores (`if self.step is None or "cell" in
    changes: self.initialize(atoms)`: rebuilt when stale; reported when the analysis finds the
    test always true, `... or "cell" in ALL_CHANGES`, measured on jax 0.10.2 in
    bench/measure_jits_per_call.py: 1 compile in 3 calls guarded, 3 always true), a product
    built once by a callee and then called in a loop of the same run (`update =
    self._init_update()` before the epoch loop of `train`: one compile for all the loop's
    calls, as above), and a product (of a factory, or
    a jitted nested `def`) that goes only to a jitted callable at a static position (`run(T, x,
    scan_fn)` with `static_argnums=(0, 2)`): it is traced into that callable and never compiled
    on its own (measured on jax 0.10.2, bench/measure_transformed_statics.py), and the compile
    each new one brings is that callable's, reported as JAX405. `self.f = jax.jit(self.g)` in a method other
    than `__init__` is not checked otherwise: whether that method runs more than once cannot be
    told from one module. Lax control flow inside a
    function is traced, not compiled, when a caller jits that function, so it is reported only
    where that function certainly runs outside any trace: it reads a JAX result back into Python
    (`float(ys.sum())`, `.item()`, `np.asarray(out)`, which raise under a trace; measured on jax
    0.10.2, an eager `lax.scan` of a new lambda in such a method compiles 5 times in 5 calls), or
    every call of it in the module sits in module-level code, an entry point (`main`, a test) or
    a function only those call (and it has no decorator, which may trace it). A
    library function or a method the module never calls (an environment's `step`) is left alone.

    ## References
    - [JAX FAQ: jit and caching](https://docs.jax.dev/en/latest/faq.html)
    """

    CODE = "JAX402"
    NAME = "jit-per-call"
    MESSAGE = "`{transform}` of {callable} in `{caller}` compiles {function} again on every call of `{caller}`"
    FIX_TITLE = "Jit the function once, at module level or in `__init__`"

    def check(self, context: Context) -> None:
        facts = context.facts
        handed_out: set[cst.CSTNode] = set()
        for jit_site, site, uses in facts.fresh_jit_uses:
            caller = site.scope.enclosing_function
            if caller is None or repeating_loops(facts, site):
                continue
            if not uses:
                # Handed out (returned, stored): a factory, each run of which compiles anew once
                # its product is called; reported where the project runs it again and again, at
                # the jit (a decorated nested `def` at its decorator).
                if handed_out_per_run(facts, site, caller):
                    handed_out.add(jit_site.application.node)
                    context.report(
                        self, jit_site.application.node if type(site.node) is cst.FunctionDef else site.node,
                        transform=jit_site.application.transform.name,
                        callable=jit_site.fresh_callable, function=jitted_label(facts, jit_site), caller=caller.qualname,
                    )
                continue
            if not facts.frequency.may_repeat(caller):
                continue
            amortised = any(repeating_loops(facts, use) for use in uses)
            if amortised and not facts.frequency.runs_repeatedly_anywhere(caller):
                continue  # called in a loop of the same call: one compile serves every iteration
            wrapped = jit_site.application.functions
            if wrapped and _method_of_new_object(facts, wrapped[0], site.scope):
                continue  # a new object per call: its methods compile per call wherever jitted
            if wraps_own_receiver(caller, wrapped) and facts.frequency.once_per_object(caller):
                continue  # run once per object built: a compile per object, as in `__init__`
            context.report(
                self, compiling_call(facts, site, uses), deliberate=_ONCE_PER_OBJECT if _builds_an_object(caller) else None,
                transform=jit_site.application.transform.name, callable=jit_site.fresh_callable,
                function=jitted_label(facts, jit_site), caller=caller.qualname,
            )
        # Built by a callee of the function that calls it (`self._build()` returning a new
        # `jax.jit(closure)`, a solver whose constructor jits a new gradient), on each of its runs.
        for event in facts.rebuilt_jits:
            if not (event.repeated or facts.frequency.may_repeat(event.caller)):
                continue
            if event.application in handed_out:
                continue  # the factory's finding above is this compile
            if event.builder is not None and built_when_stale(facts, event.builder):
                continue  # rebuilt when what it wraps changed, kept otherwise
            called = call_sites_by_node(facts).get(event.node)
            if (
                not event.repeated and called is not None and called.scope.enclosing_function is event.caller
                and repeating_loops(facts, called) and not facts.frequency.runs_repeatedly_anywhere(event.caller)
            ):
                continue  # built once, then called in a loop of the same run: one compile for all
            site = facts.jit_site_by_node.get(event.application)
            compiled = f"`{event.compiled.qualname}`" if event.compiled is not None else "it"
            context.report(
                self, event.node, transform=event.transform,
                callable=event.fresh_callable, function=jitted_label(facts, site) if site else compiled,
                caller=event.caller.qualname,
            )

    VALID = [
        valid(
            """
            import jax

            class Model:
                def __init__(self, params):
                    self.params = params

                @classmethod
                def from_config(cls, module, example):
                    @jax.jit
                    def init(rng):
                        return module.init(rng, example)

                    return cls(init(jax.random.key(0)))  # one compile per model built (`info`)
            """
        ),
        valid(
            """
            import jax

            def init_train_state(rng, model, batch):
                @jax.jit
                def init(rng):
                    return model.init(rng, batch)  # a one-shot setup: one compile
                return init(rng)
            """
        ),
        valid(
            """
            import jax
            import pytest

            def train(steps):
                update = jax.jit(lambda p: p * 0.9)
                p = 1.0
                for _ in range(steps):
                    p = update(p)
                return p

            @pytest.fixture
            def doubled():
                return jax.jit(lambda x: x * 2)(3.0)

            if __name__ == "__main__":
                train(100)  # runs once: one compile
            """
        ),
        valid(
            """
            import jax

            def make_step(scale):
                return jax.jit(lambda x: x * scale)  # a factory: the caller keeps it
            """
        ),
        valid(
            """
            import jax

            def step(x):
                return x * 2

            def evaluate(x):
                return jax.jit(step)(x)  # module-level function: the cache hits
            """
        ),
        valid(
            """
            import jax

            def main():
                f = jax.jit(lambda x: x + 1)
                for x in range(3):
                    f(x)

            def test_double():
                assert jax.jit(lambda x: x * 2)(1) == 2
            """
        ),
        valid(
            """
            from numba import jit

            def run(x):
                return jit(lambda v: v + 1)(x)
            """
        ),
        valid(
            """
            import jax

            class Model:
                def __init__(self):
                    self.fast_apply = jax.jit(self.apply)

                def apply(self, x):
                    return x * 2
            """
        ),
        valid(
            """
            import jax

            def run_serialized(data):
                exported = deserialize(data)
                if data.legacy:
                    exported = upgrade(exported)
                return jax.jit(exported.call)(*data.inputs)  # a new object on every call anyway
            """
        ),
        valid(
            """
            import jax

            def get_eval_fn(env):
                def eval_fn(params, key):
                    return env.rollout(params, key)

                def timed_eval_fn(params, key):
                    # `eval_fn` is made once per `get_eval_fn`: the same object on every call here
                    return jax.pmap(eval_fn)(params, key)

                return timed_eval_fn
            """
        ),
        valid(
            """
            import jax

            class PmapWrapper:
                def __init__(self, buffer):
                    self._buffer = buffer

                def insert(self, state, samples):
                    # pmap's cache finds `self._buffer.insert` equal to the last one
                    return jax.pmap(self._buffer.insert)(state, samples)
            """
        ),
        valid(
            """
            import equinox as eqx

            class Model(eqx.Module):
                scale: float

                def apply(self, x):
                    return self.scale * x

                def predict(self, x):
                    # equinox's cache finds `self.apply` equal to the last one: one compile
                    return eqx.filter_jit(self.apply)(x)
            """
        ),
        valid(
            """
            import equinox as eqx

            def loss(w, x):
                return (x @ w).sum()

            def run_epoch(w, x):
                # a new `filter_grad` wrapper equal to the last one: equinox's cache finds it
                grad_fn = eqx.filter_jit(eqx.filter_grad(loss))
                return w - grad_fn(w, x)

            def fit(w, x):
                for _ in range(3):
                    w = run_epoch(w, x)
                return w
            """
        ),
        valid(
            """
            import jax

            class Partitioner:
                def __init__(self):
                    self._broadcast_fn = None

                def preprocess_key(self, key):
                    if not self._broadcast_fn:
                        def _identity(x):
                            return x
                        self._broadcast_fn = jax.jit(_identity)  # jitted once per object, kept
                    return self._broadcast_fn(key)
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            class Calculator:
                def __init__(self):
                    self.step = None

                def initialize(self, atoms):
                    @jax.jit
                    def body_fn(positions):
                        return jnp.sum(positions ** 2) * atoms.scale

                    self.step = body_fn

                def calculate(self, atoms, changes):
                    # rebuilt only when it went stale: one compile per change of cell
                    if self.step is None or "cell" in changes:
                        self.initialize(atoms)
                    return self.step(atoms.positions)

            def run_md(atoms, steps):
                calc = Calculator()
                for _ in range(steps):
                    calc.calculate(atoms, ["positions"])
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            class Interleaved:
                def _init_update(self):
                    weights = jnp.asarray(self.weights)

                    @jax.jit
                    def update(params):
                        return weights * params
                    return update

                def train(self, epochs):
                    update = self._init_update()  # built once per `train`, called every epoch
                    for _ in range(epochs):
                        self.params = update(self.params)
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax
            import jax.numpy as jnp

            ALL_CHANGES = ["positions", "cell"]

            class Calculator:
                def __init__(self):
                    self.step = None

                def initialize(self, atoms):
                    @jax.jit
                    def body_fn(positions):
                        return jnp.sum(positions ** 2) * atoms.scale

                    self.step = body_fn

                def calculate(self, atoms, changes):
                    # `"cell" in ALL_CHANGES` always holds: rebuilt, and compiled, every call
                    if self.step is None or "cell" in ALL_CHANGES:
                        self.initialize(atoms)
                    return self.step(atoms.positions)

            def run_md(atoms, steps):
                calc = Calculator()
                for _ in range(steps):
                    calc.calculate(atoms, ["positions"])
            """,
            line=11,
            message_contains="every call of `Calculator.initialize`",
        ),
        invalid(
            """
            from functools import partial
            import jax
            import jax.numpy as jnp

            class Reacher:
                def fingertip(self, q):
                    return jnp.cos(q)

                def reset(self, qs):
                    # vmap traces its function on every call: the new jit inside compiles there
                    return jax.vmap(jax.jit(partial(self.fingertip)))(qs)
            """,
            line=11,
            message_contains="`jax.jit` of a `functools.partial` in `Reacher.reset`",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            def energy(q):
                return jnp.sum(q ** 2)

            class Sampler:
                def forces(self, qs):
                    batched = jax.vmap(jax.grad(jax.jit(lambda q: energy(q))))  # new on every call
                    return batched(qs)
            """,
            line=10,
            message_contains="`jax.jit` of a lambda in `Sampler.forces`",
        ),
        invalid(
            """
            import jax

            class Predictor:
                def __init__(self, scale):
                    self.scale = scale

                def __call__(self, x):
                    return x * self.scale

            class Sampler:
                def sample(self, x, steps):
                    predictor = jax.jit(Predictor(0.5))  # a new object on every `sample`
                    for _ in range(steps):
                        x = predictor(x)
                    return x

            def evaluate(x):
                sampler = Sampler()
                return [sampler.sample(x, 10) for _ in range(3)]
            """,
            line=14,
            message_contains="`jax.jit` of a new `Predictor` object in `Sampler.sample`",
        ),
        invalid(
            """
            import jax

            class Member:
                def __init__(self, lr):
                    def update(p, g):
                        return p - lr * g
                    self.update = jax.jit(update)  # a compile per member built

            def evolve(lrs, p, g):
                members = [Member(lr) for lr in lrs]
                return [m.update(p, g) for m in members]
            """,
            line=7,
            message_contains="every call of `Member.__init__`",
        ),
        invalid(
            """
            import jax

            class Partitioner:
                def __init__(self):
                    self._broadcast_fn = None

                def preprocess_key(self, key):
                    if not self._broadcast_fn:
                        def _broadcast(k):
                            def _identity(x):
                                return x
                            return jax.jit(_identity)(k)  # a new `_identity` per broadcast

                        self._broadcast_fn = _broadcast  # made once, run on every call
                    return self._broadcast_fn(key)
            """,
            line=12,
            message_contains="every call of `Partitioner.preprocess_key._broadcast`",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            class Evaluator:
                def rollout(self, xs):
                    # `float` of the result: this method runs outside any trace
                    _, ys = jax.lax.scan(lambda c, x: (c, jnp.tanh(x * self.w)), 0.0, xs)
                    return float(ys.sum())
            """,
            line=7,
            message_contains="`jax.lax.scan` of a lambda in `Evaluator.rollout`",
        ),
        invalid(
            """
            import functools
            import jax

            class Recycler:
                def reset(self, params, masks, fn):
                    reset_fn = jax.jit(functools.partial(jax.tree.map, fn))
                    params = reset_fn(params, masks)
                    reset_fn = jax.jit(functools.partial(jax.tree.map, fn))  # another callable
                    return reset_fn(params, masks)
            """,
            line=7,
            lines=(7, 9),
            message_contains="every call of `Recycler.reset`",
        ),
        invalid(
            """
            import jax

            def get_infer_fn(scale):
                def infer_fn(x):
                    return x * scale
                return jax.jit(infer_fn)

            class Model:
                def predict(self, x):
                    infer_fn = get_infer_fn(2.0)  # a new closure, jitted anew, on every call
                    return infer_fn(x)
            """,
            line=11,
            message_contains="compiles `get_infer_fn.infer_fn` again on every call of `Model.predict`",
        ),
        invalid(
            """
            import jax

            def make_predictor(model):
                def predict(keys, x):
                    # `predict` is what the factory hands out, to be called per input
                    return jax.pmap(jax.vmap(model, (0, None)))(keys, x)
                return predict
            """,
            line=6,
        ),
        invalid(
            """
            import jax

            def predict(params, x):
                @jax.jit
                def forward(x):
                    return params * x
                return forward(x)

            for batch in range(10):
                predict(2.0, batch)
            """,
            line=7,
            message_contains="`jax.jit` of a nested function in `predict`",
        ),
        invalid(
            """
            import jax

            def outer(x):
                def inner(y):
                    return y * 3
                return jax.jit(inner)(x)

            def pipeline(xs):
                return [outer(x) for x in xs]
            """,
            line=6,
            message_contains="a nested function",
        ),
        invalid(
            """
            from functools import partial
            import jax as jx

            def loss(p, batch):
                return ((p - batch) ** 2).sum()

            def evaluate(params, batch):
                f = jx.jit(partial(loss, batch=batch))
                return f(params)

            def report(params, train, test):
                return evaluate(params, train), evaluate(params, test)
            """,
            line=9,
            message_contains="every call of `evaluate`",
        ),
        invalid(
            """
            from jax import jit, grad

            def loss(p):
                return (p ** 2).sum()

            def gradient(p):
                return jit(grad(loss))(p)

            def descend(p, steps):
                while steps:
                    p, steps = p - gradient(p), steps - 1
                return p
            """,
            line=7,
            message_contains="the result of `jax.grad`",
        ),
        invalid(
            """
            import jax

            class Model:
                def apply(self, x):
                    return x * 2

                def predict(self, x):
                    return jax.jit(self.apply)(x)
            """,
            line=8,
            message_contains="a bound method",
        ),
        invalid(
            """
            import jax

            def relax(x, n_steps):
                def step(i, x):
                    return x * 0.5
                return jax.lax.fori_loop(0, n_steps, step, x)

            def main(structures):
                return [relax(x, 100) for x in structures]
            """,
            line=6,
            message_contains="`jax.lax.fori_loop` of a nested function",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            def _apply(op, *args):
                def call(*a):
                    return op(*a)
                return jax.jit(call)(*args)

            class Money:
                def __init__(self, value):
                    self.value = value

                def __add__(self, other):  # runs at every `+`: `_apply` with it
                    return Money(_apply(jnp.add, self.value, other.value))
            """,
            line=7,
            message_contains="every call of `_apply`",
        ),
    ]


def _method_of_new_object(facts: ModuleFacts, wrapped: cst.BaseExpression, scope: Scope) -> bool:
    if not isinstance(wrapped, cst.Attribute) or not isinstance(wrapped.value, cst.Name):
        return False
    found = facts.resolver.lookup(wrapped.value.value, scope)
    return (
        found is not None and found[0] is scope.enclosing_function
        and all(b.kind == "assign" and isinstance(b.node, cst.Call) for b in found[1])
    )


def _builds_an_object(function: FunctionInfo) -> bool:
    """Whether ``function`` is an alternate constructor: a class or static method that returns
    an instance of its class (`return cls(...)`, `return Model(...)`). It runs once per object
    it builds, as `__init__` does, and a compile there is part of building that object."""
    owner = function.owner_class
    if owner is None or function.method_kind == "instance":
        return False
    own_names = {owner.name} | ({"cls"} if function.method_kind == "class" else set())
    return any(
        isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in own_names
        for value in function.returns
    )
