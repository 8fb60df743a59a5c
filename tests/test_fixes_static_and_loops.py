"""Autofixes of JAX301/JAX302 (a list or set becomes a tuple or frozenset) and JAX401 (the jit
call moves before the loop): before/after pairs, the safe/unsafe decision, the cases with no
fix, and real JAX on both sides of one JAX302 and one JAX401 fix."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from jaxcheck.engine import EngineOptions
from jaxcheck.fix import fix_source
from jaxcheck.rules import all_rules
from jaxcheck.rules.static_args import _fixes

OPTIONS = EngineOptions(all_rules())


def source(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def codes(text: str) -> list[str]:
    outcome = fix_source("t.py", text, OPTIONS)
    return [d.code for d in outcome.result.diagnostics]


def assert_fixes(before: str, after: str, safe: bool) -> None:
    """``before`` becomes ``after`` with unsafe fixes, and with safe ones only if ``safe``; the
    result parses and a second run changes nothing."""
    fixed = fix_source("t.py", before, OPTIONS, unsafe=True)
    assert fixed.error is None
    assert fixed.fixed == after
    cst.parse_module(fixed.fixed)
    compile(fixed.fixed, "t.py", "exec")
    assert fix_source("t.py", after, OPTIONS, unsafe=True).fixed == after
    assert fix_source("t.py", before, OPTIONS, unsafe=False).fixed == (after if safe else before)


def assert_no_fix(text: str, code: str) -> None:
    outcome = fix_source("t.py", text, OPTIONS, unsafe=True)
    assert outcome.fixed == text
    assert code in [d.code for d in outcome.result.diagnostics]


# -- JAX302: a list or set passed to a static parameter ------------------------------------

MLP = """
from functools import partial
import jax

@partial(jax.jit, static_argnums=1)
def mlp(x, sizes):
{body}
"""
READS_ONLY = "    for size in sizes:\n        x = x * size\n    return x"


def mlp_call(body: str, argument: str) -> str:
    return source(MLP).format(body=body) + f"\nmlp(1.0, {argument})\n"


JAX302_CASES = [
    ("[64, 64]", "(64, 64)"),
    ("[64]", "(64,)"),
    ("[]", "()"),
    ("[*base, 1]", "(*base, 1)"),
    ("[f(i) for i in range(3)]", "tuple(f(i) for i in range(3))"),
    ("[\n    64,  # hidden\n    32,\n]", "(\n    64,  # hidden\n    32,\n)"),
    ("{1, 2}", "frozenset({1, 2})"),
    ("{i for i in range(3) if i}", "frozenset(i for i in range(3) if i)"),
    ("([1, 2])", "((1, 2))"),
]


@pytest.mark.parametrize(("argument", "replacement"), JAX302_CASES)
def test_jax302_display_becomes_hashable(argument, replacement):
    assert_fixes(mlp_call(READS_ONLY, argument), mlp_call(READS_ONLY, replacement), safe=True)


# Uses of the parameter in the jitted body, and whether a tuple (list argument) and a
# frozenset (set argument) keep the meaning.
BODIES = [
    ("return x * len(sizes)", True, True),
    ("return x * sum(sizes) + max(sizes) + sorted(sizes)[0]", True, True),
    ("return x if 3 in sizes else -x", True, True),
    ("a, b = sizes\n    return x * a", True, True),
    ("return [x * s for s in sizes]", True, True),
    ("return jax.numpy.stack([x * i for i, s in enumerate(sizes)])", True, True),
    ("return x * sizes[0]", True, False),  # a frozenset has no indexing
    ("return x * next(reversed(sizes))", True, False),  # a set cannot be reversed
    ("return jax.numpy.zeros(sizes) + x", True, False),
    ("return x if sizes == 3 else -x", True, True),
    ("return x if not sizes else -x", True, True),
    ("sizes.append(1)\n    return x", False, False),
    ("return x, sizes", False, False),
    ("return helper(x, sizes)", False, False),
    ("return x if sizes == DEFAULT else -x", False, False),  # `(1,) == [1]` is False
    ("return x if sizes == (1, 2) else -x", False, False),  # was False, would become True
    ("label = f'{sizes}'\n    return x", False, False),  # the text changes
    ("sizes[0] = 2\n    return x", False, False),
    ("sizes = sizes + [1]\n    return x", False, False),
    ("other = sizes\n    return x", False, False),
    ("return x * sizes[1:][0]", False, False),  # a slice of a tuple is a tuple
    ("f = lambda sizes: sizes\n    return x", False, False),  # rebinds the name: not followed
]


@pytest.mark.parametrize(("body", "tuple_safe", "frozenset_safe"), BODIES)
def test_jax302_safety_follows_the_uses_in_the_jitted_body(body, tuple_safe, frozenset_safe):
    body = "    " + body
    assert_fixes(mlp_call(body, "[1, 2]"), mlp_call(body, "(1, 2)"), safe=tuple_safe)
    assert_fixes(mlp_call(body, "{1, 2}"), mlp_call(body, "frozenset({1, 2})"), safe=frozenset_safe)


def test_jax302_keyword_argument_and_lambda():
    before = source(
        """
        import jax

        scale = jax.jit(lambda x, factors: sum(factors) * x, static_argnames="factors")
        scale(2.0, factors=[3, 4])
        """
    )
    assert_fixes(before, before.replace("[3, 4]", "(3, 4)"), safe=True)


def test_jax302_into_star_args_is_unsafe():
    before = source(
        """
        import jax

        def total(x, *sizes):
            return x * len(sizes)

        fast = jax.jit(total, static_argnums=(1,))
        fast(1.0, [1, 2])
        """
    )
    assert_fixes(before, before.replace("[1, 2])", "(1, 2))"), safe=False)


JAX302_NO_FIX = [
    mlp_call(READS_ONLY, '{"a": 1}'),  # no hashable dict everyone wants
    mlp_call(READS_ONLY, "{k: 1 for k in 'ab'}"),
    mlp_call(READS_ONLY, "[[1], [2]]"),  # the tuple would still hold lists
    mlp_call(READS_ONLY, "(1, [2])"),
    mlp_call(READS_ONLY, "LAYERS").replace("\nmlp(", "\nLAYERS = [1, 2]\nmlp("),  # the name may be used elsewhere
    mlp_call(READS_ONLY, "[1, 2]").replace("\nmlp(", "\ntuple = list\nmlp("),  # `tuple` is not the builtin
]


@pytest.mark.parametrize("text", JAX302_NO_FIX)
def test_jax302_no_fix(text):
    assert_no_fix(text, "JAX302")


# -- JAX301: a static parameter defaulting to a list or set -----------------------------------

DEFAULTS = """
from functools import partial
import jax

@partial(jax.jit, static_argnames="sizes")
def mlp(x, {param}):
    {body}
"""


def mlp_def(param: str, body: str = "return x * len(sizes)") -> str:
    return source(DEFAULTS).format(param=param, body=body)


JAX301_CASES = [
    ("sizes: list[int] = [64, 64]", "sizes: tuple[int, ...] = (64, 64)", True),
    ("sizes: list = [64]", "sizes: tuple = (64,)", True),
    ("sizes: set[str] = {'a'}", "sizes: frozenset[str] = frozenset({'a'})", True),
    ("sizes=[1, 2]", "sizes=(1, 2)", True),
    ("sizes: Sequence[int] = [1, 2]", "sizes: Sequence[int] = (1, 2)", True),  # already fine
    ("sizes: list[int] | None = [1]", "sizes: list[int] | None = (1,)", True),  # not exact: kept
    ("sizes: list[int] = [i for i in range(3)]", "sizes: tuple[int, ...] = tuple(i for i in range(3))", True),
]


@pytest.mark.parametrize(("before", "after", "safe"), JAX301_CASES)
def test_jax301_default_becomes_hashable(before, after, safe):
    assert_fixes(mlp_def(before), mlp_def(after), safe)


def test_jax301_unsafe_when_the_body_mutates_the_default():
    body = "sizes.append(1)\n    return x"
    assert_fixes(mlp_def("sizes: list[int] = [1]", body), mlp_def("sizes: tuple[int, ...] = (1,)", body), safe=False)


def test_jax301_typing_list_annotation_stays_reported_after_the_fix():
    before = "from typing import List\n" + mlp_def("sizes: List[int] = [1, 2]")
    after = before.replace("= [1, 2]", "= (1, 2)")
    assert_fixes(before, after, safe=True)
    assert codes(after) == ["JAX301"]  # the annotation is the user's to change


JAX301_NO_FIX = [
    mlp_def('sizes={"a": 1}'),
    mlp_def("sizes: list[int]"),  # no default: callers pass lists, the fix is theirs
    mlp_def("sizes: list[int] = None"),
    mlp_def("sizes=[[1], [2]]"),
]


@pytest.mark.parametrize("text", JAX301_NO_FIX)
def test_jax301_no_fix(text):
    assert_no_fix(text, "JAX301")


# -- JAX401: jax.jit of a fresh callable in a loop ---------------------------------------------

JAX401_CASES = [
    (  # the example, at module level
        """
        import jax

        for step in range(n):
            params = jax.jit(lambda p: p * 0.9)(params)
        """,
        """
        import jax

        jitted_fn = jax.jit(lambda p: p * 0.9)
        for step in range(n):
            params = jitted_fn(params)
        """,
    ),
    (  # bound to a name in the loop: the name now takes the hoisted function
        """
        from functools import partial
        from jax import jit

        def update(params, lr):
            return params * lr

        def train(params, lr, n):
            for i in range(n):
                step = jit(partial(update, lr=lr))
                params = step(params)
            return params
        """,
        """
        from functools import partial
        from jax import jit

        def update(params, lr):
            return params * lr

        def train(params, lr, n):
            update_jit = jit(partial(update, lr=lr))
            for i in range(n):
                step = update_jit
                params = step(params)
            return params
        """,
    ),
    (  # a transform's result, in a while loop; the fresh name avoids one already taken
        """
        import jax

        grad_loss_jit = None

        def loss(p, b):
            return ((p - b) ** 2).sum()

        def train(params, batches):
            while batches:
                params = params - jax.jit(jax.grad(loss))(params, batches.pop())
            return params
        """,
        """
        import jax

        grad_loss_jit = None

        def loss(p, b):
            return ((p - b) ** 2).sum()

        def train(params, batches):
            grad_loss_jit_2 = jax.jit(jax.grad(loss))
            while batches:
                params = params - grad_loss_jit_2(params, batches.pop())
            return params
        """,
    ),
    (  # a bound method; hoisted past both loops it does not depend on
        """
        import jax as jx

        class Model:
            def apply(self, x):
                return x * 2

            def run(self, epochs, xs):
                for epoch in range(epochs):
                    for x in xs:
                        jx.jit(self.apply)(x)
        """,
        """
        import jax as jx

        class Model:
            def apply(self, x):
                return x * 2

            def run(self, epochs, xs):
                apply_jit = jx.jit(self.apply)
                for epoch in range(epochs):
                    for x in xs:
                        apply_jit(x)
        """,
    ),
    (  # only out of the inner loop: the lambda reads the outer loop's target
        """
        import jax

        def run(data, n):
            for a in range(n):
                for b in range(n):
                    data = jax.jit(lambda v: v * a)(data)
            return data
        """,
        """
        import jax

        def run(data, n):
            for a in range(n):
                jitted_fn = jax.jit(lambda v: v * a)
                for b in range(n):
                    data = jitted_fn(data)
            return data
        """,
    ),
    (  # options and a multi-line call move along, re-indented; lambda parameters are not loop names
        """
        import jax

        def run(data, xs):
            for x in xs:
                data = jax.jit(
                    lambda d, x: d + x,
                    static_argnums=1,
                )(data, 2)
            return data
        """,
        """
        import jax

        def run(data, xs):
            jitted_fn = jax.jit(
                lambda d, x: d + x,
                static_argnums=1,
            )
            for x in xs:
                data = jitted_fn(data, 2)
            return data
        """,
    ),
]


@pytest.mark.parametrize(("before", "after"), JAX401_CASES)
def test_jax401_hoists_the_jit_call(before, after):
    assert_fixes(source(before), source(after), safe=False)
    assert "JAX401" not in codes(source(after))


def test_jax401_two_calls_in_one_loop_get_two_names():
    before = source(
        """
        import jax

        for step in range(n):
            a = jax.jit(lambda p: p * 0.9)(a)
            b = jax.jit(lambda p: p + 1)(b)
        """
    )
    after = source(
        """
        import jax

        jitted_fn = jax.jit(lambda p: p * 0.9)
        jitted_fn_2 = jax.jit(lambda p: p + 1)
        for step in range(n):
            a = jitted_fn(a)
            b = jitted_fn_2(b)
        """
    )
    assert_fixes(before, after, safe=False)


JAX401_NO_FIX = [
    # reads the loop's target
    "import jax\n\nfor i in range(n):\n    y = jax.jit(lambda v: v + i)(x)\n",
    # reads a name assigned in the loop
    "import jax\n\nfor b in range(n):\n    s = b * 2\n    y = jax.jit(lambda v: v * s)(x)\n",
    # a while counter
    "import jax as jx\n\ni = 0\nwhile i < 10:\n    y = jx.jit(lambda v: v + i)(x)\n    i += 1\n",
    # a partial argument computed by a call: moving it would call it once instead of each time
    "from functools import partial\nimport jax\n\nfor i in range(n):\n    y = jax.jit(partial(f, key=next(keys)))(x)\n",
    # a walrus inside
    "import jax\n\nfor i in range(n):\n    y = jax.jit(lambda v: v + (k := 2))(x)\n",
    # the receiver's state changes in the loop: the first trace would bake it in
    "import jax\n\nclass M:\n    def apply(self, x):\n        return x * self.w\n\n    def run(self, xs):\n"
    "        for x in xs:\n            self.w = x\n            jax.jit(self.apply)(x)\n",
    # a comprehension is not a statement to insert before
    "import jax\n\nclass M:\n    def apply(self, x):\n        return x\n\n    def run(self, xs):\n"
    "        return [jax.jit(self.apply)(x) for x in xs]\n",
    # a multi-line string would change when re-indented
    'import jax\n\nfor i in range(n):\n    y = jax.jit(lambda v: v + len("""a\nb"""))(x)\n',
]


@pytest.mark.parametrize("text", JAX401_NO_FIX)
def test_jax401_no_fix(text):
    assert_no_fix(text, "JAX401")


def test_jax401_hoist_keeps_tabs_and_line_endings():
    before = "import jax\r\n\r\ndef run(x, n):\r\n\tfor i in range(n):\r\n\t\tx = jax.jit(lambda v: v + 1)(x)\r\n\treturn x\r\n"
    after = (
        "import jax\r\n\r\ndef run(x, n):\r\n\tjitted_fn = jax.jit(lambda v: v + 1)\r\n"
        "\tfor i in range(n):\r\n\t\tx = jitted_fn(x)\r\n\treturn x\r\n"
    )
    outcome = fix_source("t.py", before, OPTIONS, unsafe=True)
    assert outcome.fixed == after
    assert fix_source("t.py", after, OPTIONS, unsafe=True).fixed == after


# -- a fix that would break the file leaves it byte-identical -------------------------------------


def test_a_fix_that_would_not_parse_leaves_the_file_unchanged(monkeypatch, tmp_path):
    from jaxcheck.api import fix_paths
    from jaxcheck.config import Config

    text = mlp_call(READS_ONLY, "[64, 64]").replace("\n", "\r\n")
    path = tmp_path / "m.py"
    path.write_bytes(text.encode())
    monkeypatch.setattr(_fixes, "hashable_text", lambda value, module: "(64, 64")
    outcomes, result = fix_paths([tmp_path], Config(), unsafe=True)
    assert path.read_bytes() == text.encode()
    assert outcomes[0].error is not None and "JAX302" in outcomes[0].error.message
    assert [d.code for d in result.diagnostics] == ["JAX302"]


def test_files_without_a_possible_fix_are_not_rewritten(tmp_path):
    from jaxcheck.api import fix_paths
    from jaxcheck.config import Config

    texts = {"dict.py": JAX302_NO_FIX[0], "loop.py": JAX401_NO_FIX[0], "counter.py": JAX401_NO_FIX[2]}
    for name, text in texts.items():
        (tmp_path / name).write_bytes(text.encode())
    stamps = {name: (tmp_path / name).stat().st_mtime_ns for name in texts}
    fix_paths([tmp_path], Config(), unsafe=True)
    for name, text in texts.items():
        assert (tmp_path / name).read_bytes() == text.encode()
        assert (tmp_path / name).stat().st_mtime_ns == stamps[name]


# -- real JAX, before and after ---------------------------------------------------------------


def run_module(text: str) -> dict:
    namespace: dict = {"__name__": "fixed_example"}
    exec(compile(text, "example.py", "exec"), namespace)
    return namespace


@pytest.mark.slow
def test_jax302_fix_turns_the_error_into_the_same_result():
    pytest.importorskip("jax")
    before = mlp_call(READS_ONLY, "[2.0, 3.0]").replace("mlp(1.0,", "result = mlp(1.0,")
    after = fix_source("t.py", before, OPTIONS).fixed  # the safe fix
    assert "(2.0, 3.0)" in after
    with pytest.raises(ValueError, match="Non-hashable static arguments"):
        run_module(before)
    assert float(run_module(after)["result"]) == pytest.approx(6.0)
    plain = run_module(before.replace("@partial(jax.jit, static_argnums=1)\n", "").replace("result = ", "result = 1 * "))
    assert float(plain["result"]) == float(run_module(after)["result"])  # what the body computes unjitted


@pytest.mark.slow
def test_jax401_fix_compiles_once_and_computes_the_same():
    jax = pytest.importorskip("jax")
    before = source(
        """
        import jax
        import jax.numpy as jnp

        traces = []

        def train(params, n):
            for step in range(n):
                params = jax.jit(lambda p: (traces.append(1), p * 0.9)[1])(params)
            return params

        result = train(jnp.ones(3), 4)
        """
    )
    after = fix_source("t.py", before, OPTIONS, unsafe=True).fixed
    assert "jitted_fn = jax.jit(" in after
    old, new = run_module(before), run_module(after)
    assert len(old["traces"]) == 4 and len(new["traces"]) == 1
    assert jax.numpy.allclose(old["result"], new["result"])
    assert jax.numpy.allclose(new["result"], 0.9**4)
