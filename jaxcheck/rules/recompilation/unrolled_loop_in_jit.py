from __future__ import annotations

import libcst as cst

from ...analysis.host.unrolling import UnrolledLoop
from ..base import Context, Rule, invalid, valid


class UnrolledLoopInJit(Rule):
    """
    ## What it does
    Checks for a Python `for` or `while` loop in the body of a jitted (staged) function, a lax
    body or a helper called from one, whose trip count comes from data (the shape or length of a
    traced array, or iterating over a traced array) or is a constant of 32 or more (16 or more
    when the body draws random numbers or differentiates a function), or whose iterations, 6 or
    more, times the weight of its body (the operations one iteration adds to the program) reach
    the cost of those. And for a staged function that calls itself on a number (`fib(t - 1)` of
    a static `t`, the halves of an array split by its length): Python unrolls the whole
    recursion. Built-ins that iterate a traced array to its end (`sum(x)`, and `list(x)` or
    `tuple(x)` of an array known to have 32 or more rows) and comprehensions or generator
    expressions are loops too.

    ## Why is this bad?
    Python runs the loop at trace time: each iteration pastes its operations into the program,
    and XLA compiles them all. Compile time grows faster than the trip count. Measured on jax
    0.10.2, CPU (`bench/bench_unroll.py`), trace+compile of the unrolled form against the
    `lax.scan` form: a GAE recursion 0.27 s at 16 steps, 0.93 s at 32, 5.1 s at 64 and 38.9 s
    at 128, against 0.1-0.5 s for scan at every length; an Euler step of an epidemic model 5x
    the scan at 32 steps and 10x at 128; a step that draws random numbers 4x at 16 and 9x at
    32; a gradient-accumulation step (`jax.value_and_grad` of the loss per micro-batch) 5x at
    16 and 9x at 32. A trip count taken from a shape also compiles a new program for every new length.
    Small fixed unrolls (`for i in range(3)`) stay fine and are not reported.

    ## Example
    ```python
    @jax.jit
    def gae(rewards, values, dones):
        advantages, last = [], 0.0
        for t in reversed(range(len(rewards) - 1)):
            delta = rewards[t] + gamma * values[t + 1] * (1 - dones[t]) - values[t]
            last = delta + gamma * lam * (1 - dones[t]) * last
            advantages.insert(0, last)
        return jnp.stack(advantages)
    ```

    ## Use instead
    ```python
    @jax.jit
    def gae(rewards, values, dones):
        def step(last, xs):
            reward, value, next_value, done = xs
            delta = reward + gamma * next_value * (1 - done) - value
            last = delta + gamma * lam * (1 - done) * last
            return last, last

        xs = (rewards[:-1], values[:-1], values[1:], dones[:-1])
        _, advantages = jax.lax.scan(step, 0.0, xs, reverse=True)
        return advantages
    ```
    `jax.lax.fori_loop(0, n, body, carry)` fits loops that only update a carry.

    ## Known problems
    A loop whose body computes Python values only (`cn *= (n + 1 + k) / k` over
    `range(x.shape[1] + 2)`), or only stores Python values into a NumPy array (`kernel[i, i +
    1] = 1` filling a rotary kernel over `range(x.shape[-1])`: one constant in the program,
    measured on jax 0.10.2), adds no operation to the program and is not reported.
    A trip count counts as data when it was computed from a dimension of a traced array
    anywhere the traces went: through a property (`range(state.remaining_steps)` over
    `self.log.shape[1] - 1 - self.t`), a helper's return (`len(x) // 2`) or arithmetic,
    known or not: `horizon = trajectory.shape[0]` handed to a helper's `range(horizon)`,
    `jnp.shape(x)`, `jnp.size(x)`. A loop over `zip(*arrays)` of a tuple of traced arrays
    steps once per row of them.
    Trip counts from values the analysis cannot see (a parameter without a default that some
    call passes an unknown value, a config attribute that is assigned somewhere) are not
    reported, but for `range(n)` of a static argument `n` of the jit that traces the loop
    where each iteration draws random numbers or differentiates (the caller picks the
    program's length, one compile per value); a parameter every call of the module passes
    the same integer (a static argument given `args.num_steps`) has that trip count. A configuration field
    (`args.num_steps`) counts when one class or `add_argument` of the module gives it an integer
    default and nothing assigns it, and a field of `self` (a dataclass or equinox module) when
    every construction of the class passes the same integer for it. The traces know a field an
    object was built with, also through `super().__init__(step_size, num_steps)` of a subclass
    (`range(self.K)` of a sampler built from a module constant of 60), and the aux data of a
    pytree registered with its own flatten method (`register_pytree_node(Cls, Cls._flatten,
    Cls._unflatten)`: `range(1, self.x_n)` in its jitted method). A loop over a list or a
    tuple counts when the traces that ran it knew its length: built by a comprehension over
    `range(N)` or over `jax.random.split(key, N)` (or a slice of it: `keys[1:-1]`), `[layer] * N`, a `*layers` spread (`[0,
    *cuts, n]` and its slices count the spread's items), appends made on every pass of a loop
    of known length (two `layers.append(...)` per key of `jax.random.split(key, 24)`: 48, kept
    through `tuple(layers)`, a module's field and `jax.grad`; `self.layers.append(...)` in an
    `__init__` given `depth=36`), even in another module given `N` by the caller; loops nest across calls (a helper's 6 steps run by each of 8 iterations are 48
    bodies, reported at the helper's loop). A loop over a data dimension inside a reported loop that
    is long on its own is left to the outer one when every trace knew its length, below the
    threshold (a kernel's 5 taps per output sample). A trip count taken from a
    dimension that every trace of the loop knew to be at most 3, from the arrays its callers
    pass, is taken as structure (`range(m.data.shape[0])` of a (2, 3) array of diagonals, xyz
    coordinates) and not reported, inside other unrolled loops too (two Pade terms per step of a
    31-step march: the march is reported, its weight holds them); a longer known dimension still stands for data. The
    threshold (32) is where elementwise bodies passed five times the scan and a second in the
    measurements above; a body that draws random numbers (a `jax.random` sampler in it or in a
    function it calls) passes four times the scan at 16 steps, its threshold, and so does a
    body that differentiates (a `jax.grad`-like transformation applied in it). Below those
    thresholds a loop of 6 or more iterations is reported when its iterations times its body's
    weight reach 256 equations, where compile time passed half a second to a second whatever
    the body (`bench/bench_unroll_weight.py`: 8 steps of `value_and_grad` and an Adam update
    1.1 s, 16 draws 0.8 s, 32 steps of `tanh(x @ w + b)` 0.07 s). The weight is counted, not
    measured: an operation on traced values is one equation, a `jax.random` sampler 14, a
    differentiated function three times its own (six for `jax.hessian`), and so is a loop run
    inside one (`jax.jit(jax.value_and_grad(loss))` around it: the program holds the backward
    pass too; `bench/measure_unroll_under_grad.py`, 20 steps of a stencil 263 equations under
    jit, 578 under `value_and_grad`), a helper or a nested loop what its body adds, an
    operation on a concrete jax array the function closes over one as well (jit stages it); a library call is one, however much it does (a Haiku layer, an
    optimizer's update), so heavy library bodies are underweighed. A handful of heavy iterations
    (4 Runge-Kutta stages, 5 layers) is structure and stays quiet. A loop whose body raises at
    trace time (`if` on a tracer, a traced slice bound) is not reported whatever its trip count:
    the trace stops in its first iteration, nothing unrolls until that is fixed, and the
    concretization is the finding to act on. A recursion is
    followed a few levels only, so the depth reported is a lower bound; a recursion over a
    pytree's subtrees is its structure and is not reported.
    `sum(x)` of a traced array adds a slice and an add per row (measured on jax 0.10.2,
    `bench/bench_builtin_iteration.py`: 1200 equations for 400 rows, `jnp.sum(x)` one), and is
    reported unless every trace knew the array to be shorter than 32 rows; `list(x)` and
    `tuple(x)` usually convert an index or a few keys, and are reported only when the rows are
    known to be 32 or more, and so is unpacking one with a starred target (`rng, *rngs =
    jax.random.split(rng, n + 1)`: a slice per row, `bench/measure_unroll_star_unpack.py`),
    or unpacking keys split one per row of the data (`split(rng, imgs.shape[0] + 1)`). A comprehension counts on its own trip count (a data-sized range,
    32 or more constant iterations, or 32 or more rows of a traced array every trace knew), not
    multiplied by the loops around it, and not when its element is a Python value or an item
    copied as is; the pieces of `jnp.split(x, 3)` are a list of three, not rows. Over rows no
    trace knew the number of it is not reported (`[ratio(a) for a in w]` of the eigenvalues
    `jnp.linalg.eig` gives: one copy of the element per eigenvalue, 17 equations each, is missed).

    ## References
    - [JAX sharp bits: control flow](https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#control-flow)
    - [`jax.lax.scan`](https://docs.jax.dev/en/latest/_autosummary/jax.lax.scan.html)
    """

    CODE = "JAX407"
    NAME = "unrolled-loop-in-jit"
    MESSAGE = "{construct} in traced function {function} runs {trip} at trace time and is unrolled into the compiled program: compile time grows with {growth}"
    FIX_TITLE = "Use `jax.lax.scan` or `jax.lax.fori_loop`"
    SEVERITY = "warning"

    def check(self, context: Context) -> None:
        for unrolled in context.facts.unrolled_loops:
            recursion = unrolled.trip.kind == "recursion"
            loop = unrolled.loop
            if recursion:
                construct = f"Recursive call `{context.code(loop.func)}`"  # type: ignore[union-attr]
            elif isinstance(loop, cst.Call):
                construct = f"`{context.code(loop.func)}()` over a traced array"
            elif isinstance(loop, (cst.For, cst.While)):
                construct = "Python loop"
            elif isinstance(loop, cst.Assign):
                construct = "Starred unpacking of a traced array"
            else:
                construct = "Comprehension"
            context.report(
                self, unrolled.header, function=unrolled.trace.description, trip=_trip(context, unrolled),
                construct=construct, growth="the recursion's depth" if recursion else "the trip count",
            )

    VALID = [
        valid(
            """
            import dataclasses
            import jax

            @dataclasses.dataclass(frozen=True)
            class Stack:
                depth: int

                def apply(self, x):
                    for _ in range(self.depth):  # 4 or 8: small unrolls
                        x = jax.numpy.tanh(x)
                    return x

            @jax.jit
            def run(x):
                return Stack(4).apply(x) + Stack(depth=8).apply(x)
            """
        ),
        valid(
            """
            import jax

            @jax.jit
            def f(x):
                for i in range(3):  # a small fixed unroll
                    x = x * 2
                return x
            """
        ),
        valid(
            """
            import jax

            def f(x):
                for i in range(x.shape[0]):  # not traced: plain Python over a NumPy array
                    x = x * 2
                return x
            """
        ),
        valid(
            """
            import jax

            @jax.jit
            def f(x):
                for axis in range(x.ndim):  # one iteration per dimension
                    x = x.sum(axis=0)
                return x
            """
        ),
        valid(
            """
            import jax

            @jax.jit
            def f(x, layers):
                for w in layers:  # a list of parameters: one iteration per layer
                    x = x @ w
                return x
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            def loss(w, x):
                return jnp.mean(jnp.tanh(x @ w) ** 2)

            @jax.jit
            def refine(w, xs):
                for i in range(4):  # four heavy steps: a handful, the program's structure
                    w = w - 0.1 * jax.grad(loss)(w, xs[i])
                return w
            """
        ),
        valid(
            """
            import jax

            def scale(tree, factor):
                if isinstance(tree, dict):  # a walk over a pytree's subtrees
                    return {k: scale(v, factor) for k, v in tree.items()}
                return tree * factor

            @jax.jit
            def shrink(params):
                return scale({"a": {"b": {"c": params}}}, 0.5)
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def augment(rng, imgs):
                rng, *rngs = jax.random.split(rng, imgs.shape[0] + 1)  # a slice per image
                return jax.vmap(lambda k, x: x + jax.random.normal(k, x.shape))(jnp.stack(rngs), imgs)
            """,
            line=6,
            message_contains="Starred unpacking",
        ),
        invalid(
            """
            import equinox as eqx
            import jax

            class DeepShared(eqx.Module):
                layer: eqx.nn.Linear
                depth: int = eqx.field(static=True)

                def __call__(self, x):
                    for _ in range(self.depth):  # 48, from the construction below
                        x = jax.nn.gelu(self.layer(x))
                    return x

            @eqx.filter_jit
            def forward(model, x):
                return model(x)

            def run(x):
                return forward(DeepShared(eqx.nn.Linear(4, 4, key=jax.random.key(0)), 48), x)
            """,
            line=9,
        ),
        invalid(
            """
            from dataclasses import dataclass
            import jax

            @dataclass
            class Args:
                num_steps: int = 128  # a configuration default
                gamma: float = 0.99

            args = Args()

            @jax.jit
            def returns(rewards):
                total = 0.0
                for t in reversed(range(args.num_steps)):
                    total = rewards[t] + args.gamma * total
                return total
            """,
            line=14,
            message_contains="128 times",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def gae(rewards: jax.Array, values: jax.Array):
                out = []
                for t in reversed(range(len(rewards) - 1)):
                    out.append(rewards[t] + values[t + 1])
                return jnp.stack(out)
            """,
            line=7,
            message_contains="`len(rewards) - 1`",
        ),
        invalid(
            """
            from jax import jit

            STEPS = 200

            @jit
            def integrate(x):
                for _ in range(STEPS):
                    x = x + 0.01 * x
                return x
            """,
            line=7,
            message_contains="200 times",
        ),
        invalid(
            """
            import jax
            from jax import lax

            def body(carry, xs):
                steps, width = xs.shape
                for t in range(steps):
                    carry = carry + xs[t]
                return carry, carry

            def run(c, xs):
                return lax.scan(body, c, xs)
            """,
            line=6,
        ),
        invalid(
            """
            import functools
            import jax

            @functools.partial(jax.jit, static_argnames="n")
            def price(key, s, n=20):
                for _ in range(n):  # each step draws: a generator unrolled per step
                    key, sub = jax.random.split(key)
                    s = s * jax.numpy.exp(jax.random.normal(sub, s.shape))
                return s
            """,
            line=6,
            message_contains="20 times",
        ),
        invalid(
            """
            import jax

            @jax.jit
            def total(x: jax.Array):
                s = 0.0
                for row in x:  # one unrolled step per row of a traced array
                    s = s + row.sum()
                return s
            """,
            line=6,
            message_contains="once per row",
        ),
        invalid(
            """
            from functools import partial
            import jax
            import jax.numpy as jnp
            import optax

            def loss(params, x, y):
                return jnp.mean((jnp.tanh(x @ params["w"]) @ params["v"] - y) ** 2)

            @partial(jax.jit, static_argnames=("optimizer", "steps"))
            def train(optimizer, steps, params, state, xs, ys):
                for i in range(steps):  # 10 steps of a forward, a backward and an update
                    grads = jax.grad(loss)(params, xs[i], ys[i])
                    updates, state = optimizer.update(grads, state)
                    params = optax.apply_updates(params, updates)
                return params, state

            def fit(params, xs, ys):
                optimizer = optax.adam(1e-3)
                return train(optimizer, 10, params, optimizer.init(params), xs, ys)
            """,
            line=11,
            message_contains="10 times",
        ),
        invalid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnums=0)
            def fib(t):
                return 1 if t <= 2 else fib(t - 1) + fib(t - 2)

            def run():
                return fib(16)
            """,
            line=6,
            message_contains="Recursive call `fib`",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            def diag_kron(stack):
                n = stack.shape[0]
                if n == 1:
                    return stack[0]
                first = diag_kron(stack[: n // 2])  # the call tree follows the stack's length
                return jnp.outer(first, diag_kron(stack[n // 2 :])).reshape(-1)

            @jax.jit
            def expectation(stack, state):
                return jnp.vdot(state, diag_kron(stack) * state)

            def run():
                return expectation(jnp.ones((16, 2)), jnp.ones(2**16))
            """,
            line=8,
        ),
    ]


def _trip(context: Context, unrolled: UnrolledLoop) -> str:
    trip = unrolled.trip
    if trip.kind == "constant":
        return f"{trip.count} times"
    if trip.kind == "recursion":
        return f"{trip.count} or more levels deep"
    text = " ".join(context.code(trip.source).split())
    if trip.kind == "static":
        return f"`{text}` times (a static argument: a program as long as each value the caller passes)"
    if isinstance(unrolled.loop, cst.Call):
        return f"once per row of `{text}`"
    if unrolled.trip.source is unrolled.header:
        return "once per row of a traced array"
    return f"`{text}` times (from the data's shape)"
