"""The smallest inputs that once hung, crashed or misplaced results: parsing, positions, nesting,
files that are not regular, and writing fixes."""

from __future__ import annotations

import os

import pytest

from jaxcheck.api import check_source

JITTED_PRINT = "@jax.jit\ndef f(x):\n    print(x)\n    return x\n"


def test_module_level_global_does_not_hang_name_resolution():
    result = check_source("import jax\nglobal jax\n" + JITTED_PRINT)
    assert [(d.code, d.line) for d in result.diagnostics] == [("JAX101", 5)]


def test_a_loop_body_given_as_a_parameter_does_not_recurse():
    # Finding the carry of `lax.scan(body_fn, ...)` asks what `body_fn` is, which asks again.
    source = "import jax\n\ndef scan_in_dim(body_fn, init, xs):\n    return jax.lax.scan(body_fn, init, xs)\n"
    result = check_source(source + JITTED_PRINT)
    assert result.error is None and [(d.code, d.line) for d in result.diagnostics] == [("JAX101", 7)]


def test_a_method_in_the_body_of_a_pytree_class_is_no_field():
    # Reading the static fields of `Carry` once iterated a method's indented block as statements.
    source = (
        "from typing import NamedTuple\nimport jax\n\nclass Carry(NamedTuple):\n    row: jax.Array\n"
        "    index: int\n\n    @property\n    def tile(self):\n        return self.row[self.index]\n\n"
        "def cond(carry: Carry):\n    return carry.tile != 0\n\n"
        "def count(row):\n    return jax.lax.while_loop(cond, lambda c: c._replace(index=c.index + 1), Carry(row, 0))\n"
    )
    result = check_source(source + JITTED_PRINT)
    assert result.error is None and [(d.code, d.line) for d in result.diagnostics] == [("JAX101", 19)]


def test_a_factory_returning_its_own_result_does_not_recurse():
    # `g = build()` where `build` returns `g`: what `g` holds is what `build` returns, `g`.
    source = "import jax\n\ndef build():\n    return g\n\ng = build()\nh = jax.jit(g)\n\ndef make():\n    step = make()\n    return step\n"
    result = check_source(source + JITTED_PRINT)
    assert result.error is None and [(d.code, d.line) for d in result.diagnostics] == [("JAX101", 14)]


STATIC_LIST = (
    "import jax\n# {breaks}\n\n@jax.jit(static_argnums=1)\ndef f(x, sizes):\n"
    "    for s in sizes:\n        x = x + s\n    return x\n\nf(1.0, [1, 2])\n"
)
# Characters `str.splitlines` breaks at and Python does not.
NOT_LINE_BREAKS = "a\x0bb\x0cc\x1cd\x1de\x1ef\x85g\u2028h\u2029i"


def test_fixes_and_positions_count_lines_as_python_does():
    from jaxcheck.engine import EngineOptions
    from jaxcheck.fix import fix_source
    from jaxcheck.rules import all_rules

    source = STATIC_LIST.format(breaks=NOT_LINE_BREAKS)
    (finding,) = check_source(source).diagnostics
    assert (finding.line, finding.column, finding.end_line, finding.end_column) == (10, 8, 10, 14)
    outcome = fix_source("t.py", source, EngineOptions(all_rules()))
    assert outcome.fixed == source.replace("[1, 2]", "(1, 2)")
    assert outcome.error is None and len(outcome.applied) == 1


def test_positions_of_reported_nodes_match_libcst_everywhere():
    import libcst as cst
    from libcst.metadata import MetadataWrapper, PositionProvider

    from jaxcheck.positions import LineIndex, node_spans

    source = STATIC_LIST.format(breaks="x") + "class C:\n    if f:\n        y = (1,\n  2)\n    else:\n        pass\n"
    module = cst.parse_module(source)
    nodes: list[cst.CSTNode] = []

    class Every(cst.CSTVisitor):
        def on_visit(self, node):
            nodes.append(node)
            return True

    module.visit(Every())
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    spans = node_spans(module, nodes[1:], LineIndex(source))
    for node in nodes[1:]:
        where = expected[node]
        span = spans[node]
        assert (span.line, span.column - 1, span.end_line, span.end_column - 1) == (
            where.start.line, where.start.column, where.end.line, where.end.column,
        ), type(node).__name__


def test_python_positions_for_syntax_errors():
    error = check_source("import jax\n\n\n\n\nname??\n").error
    assert error is not None and (error.line, error.column) == (6, 5) and "invalid syntax" in error.message


def test_a_valid_file_libcst_cannot_read_is_a_parser_limitation():
    error = check_source("import jax\nx = 1\\\r\n").error
    assert error is not None and error.code == "JAX001" and "limitation of libcst" in error.message


def test_syntax_errors_are_reported_in_files_that_never_mention_jax(tmp_path):
    from jaxcheck.api import check_paths

    (tmp_path / "plain.py").write_text("def f(:\n")
    (tmp_path / "fine.py").write_text("x = 1\n")
    result = check_paths([tmp_path])
    assert [(e.path.endswith("plain.py"), e.line) for e in result.errors] == [(True, 1)]
    assert result.exit_code == 2


def test_nesting_python_rejects_is_its_syntax_error_not_a_crash():
    # libcst's native parser overflows its stack (the process dies) from about 1,200 brackets.
    error = check_source("import jax\nx = " + "(" * 5000 + "1" + ")" * 5000 + "\n").error
    assert error is not None and error.message == "syntax error: too many nested parentheses"


def test_deep_valid_code_is_analysed_not_rejected():
    elifs = "".join(f"    elif x == {i}:\n        pass\n" for i in range(500))
    total = " + ".join(["x"] * 500)
    source = "import jax\n@jax.jit\ndef f(x):\n    if x is None:\n        pass\n" + elifs + f"    print({total})\n"
    result = check_source(source)
    assert result.error is None and "JAX101" in {d.code for d in result.diagnostics}


def test_long_boolean_chains_take_linear_time():
    import time

    chain = " and ".join(f"x > {i}" for i in range(400))
    start = time.perf_counter()
    result = check_source(f"import jax\n@jax.jit\ndef f(x):\n    if {chain}:\n        return x\n    return x\n")
    assert time.perf_counter() - start < 10  # was 51 s (cubic)
    assert len(result.diagnostics) == 400


def test_chained_calls_take_linear_time():
    import time

    start = time.perf_counter()
    result = check_source("import jax\nx = jax.jit" + "(f)" * 400 + "\n")
    assert time.perf_counter() - start < 10 and result.error is None


def test_fifos_devices_and_symlink_loops_are_reported_and_the_run_goes_on(tmp_path):
    import os

    from jaxcheck.api import check_paths, fix_paths

    (tmp_path / "ok.py").write_text("import jax\n" + JITTED_PRINT)
    os.mkfifo(tmp_path / "pipe.py")
    (tmp_path / "loop1.py").symlink_to(tmp_path / "loop2.py")
    (tmp_path / "loop2.py").symlink_to(tmp_path / "loop1.py")
    checked = check_paths([tmp_path, "/dev/zero"], use_cache=True)
    assert "not a regular file" in next(e.message for e in checked.errors if e.path == "/dev/zero")
    for result in (checked, fix_paths([tmp_path], write=False)[1]):
        messages = {os.path.basename(e.path): e.message for e in result.errors}
        assert "not a regular file" in messages["pipe.py"]
        assert "symbolic links" in messages["loop1.py"]
        assert [d.code for d in result.diagnostics] == ["JAX101"]


def test_files_over_the_size_limit_get_a_clear_error(tmp_path):
    from jaxcheck.api import MAX_FILE_BYTES, check_paths

    path = tmp_path / "huge.py"
    path.write_text("import jax\n" + "x = 1\n" * (MAX_FILE_BYTES // 6 + 1))
    (error,) = check_paths([path]).errors
    assert "file too large" in error.message and f"{MAX_FILE_BYTES:,}" in error.message


STATIC_LIST_PLAIN = STATIC_LIST.format(breaks="plain")


def test_fix_writes_through_symlinks_and_keeps_links_and_mode(tmp_path):
    from jaxcheck.api import fix_paths

    real = tmp_path / "real.py"
    real.write_text(STATIC_LIST_PLAIN)
    real.chmod(0o640)
    (tmp_path / "link.py").symlink_to(real)
    hard = tmp_path / "hard.py"
    os.link(real, tmp_path / "other_name.txt")
    hard.write_text(STATIC_LIST_PLAIN)
    os.link(hard, tmp_path / "hard_twin.txt")
    fix_paths([tmp_path / "link.py", hard])
    fixed = STATIC_LIST_PLAIN.replace("[1, 2]", "(1, 2)")
    assert (tmp_path / "link.py").is_symlink() and real.read_text() == fixed
    assert oct(real.stat().st_mode & 0o777) == oct(0o640)
    assert (tmp_path / "other_name.txt").read_text() == fixed  # the same inode
    assert (tmp_path / "hard_twin.txt").read_text() == fixed


def test_fix_skips_read_only_files_with_a_message_and_goes_on(tmp_path):
    from jaxcheck.api import fix_paths

    locked, free = tmp_path / "locked.py", tmp_path / "free.py"
    for path in (locked, free):
        path.write_text(STATIC_LIST_PLAIN)
    locked.chmod(0o444)
    outcomes, result = fix_paths([tmp_path])
    assert locked.read_text() == STATIC_LIST_PLAIN and "(1, 2)" in free.read_text()
    (error,) = result.errors
    assert error.path.endswith("locked.py") and "read-only" in error.message
    assert [d.code for d in result.diagnostics] == ["JAX302"]  # still reported, not fixed
    assert sum(len(o.applied) for o in outcomes) == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_fix_in_a_read_only_directory_writes_in_place(tmp_path):
    from jaxcheck.api import fix_paths

    path = tmp_path / "sub" / "step.py"
    path.parent.mkdir()
    path.write_text(STATIC_LIST_PLAIN)
    path.parent.chmod(0o555)
    try:
        _, result = fix_paths([path])
    finally:
        path.parent.chmod(0o755)
    assert result.errors == [] and "(1, 2)" in path.read_text()


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a file away")
def test_fix_keeps_the_owner(tmp_path):
    from jaxcheck.api import fix_paths

    path = tmp_path / "theirs.py"
    path.write_text(STATIC_LIST_PLAIN)
    os.chown(path, 4321, 4321)
    fix_paths([path])
    assert (path.stat().st_uid, path.stat().st_gid) == (4321, 4321) and "(1, 2)" in path.read_text()


def test_a_file_gone_before_writing_is_a_message(tmp_path):
    from jaxcheck.fix import write_fixed

    assert "cannot write fixes" in write_fixed(tmp_path / "gone.py", b"x = 1\n")


def test_nesting_past_the_documented_limit_is_a_clear_error_in_little_time():
    import time

    from jaxcheck.parsing import MAX_NESTING

    start = time.perf_counter()
    error = check_source("import jax\nx = " + " + ".join(["a"] * (MAX_NESTING + 100)) + "\n").error
    assert time.perf_counter() - start < 2  # libcst alone: ~20 s for 3,000 levels, quadratic
    assert error is not None and f"nested more than about {MAX_NESTING} levels" in error.message


def test_a_computed_vectorize_exclusion_is_read_as_unknown():
    # `excluded=tuple(range(...))` once crashed the reading of transformation options (quadax).
    source = (
        "import jax.numpy as jnp\n\ndef integrate(fun, n, *args):\n"
        "    vfun = jnp.vectorize(fun, excluded=tuple(range(1, n + 1)))\n"
        "    return vfun(jnp.arange(3.0), *args)\n"
    )
    result = check_source(source)
    assert result.error is None and [d.code for d in result.diagnostics] == []


def test_a_jit_decorating_a_def_in_a_loop_gets_no_hoisting_fix():
    # `@jax.jit` over another decorator on a `def` inside a loop once failed an assertion of the
    # JAX401 fix, which moves one jit call before the loop (kernex's benchmarks).
    source = (
        "import jax\nimport kernex as kex\n\ndef bench(sizes):\n    for n in sizes:\n\n"
        "        @jax.jit\n        @kex.kmap(kernel_size=(3,))\n        def patches(x):\n            return x\n\n"
        "        patches(n)\n"
    )
    result = check_source(source)
    assert result.error is None
    assert [(d.code, d.line, d.fix) for d in result.diagnostics if d.code == "JAX401"] == [("JAX401", 12, None)]


def test_a_partial_of_lax_scan_compiles_where_it_is_called_not_where_it_is_made():
    # consistency_models: `jax.pmap(functools.partial(jax.lax.scan, step_fn))`, rebuilt in the
    # training loop only when the distillation stage changes; the partial runs nothing.
    source = (
        "import functools\nimport jax\n\ndef make(scale):\n    def step(c, x):\n        return c + x * scale, None\n"
        "    return step\n\ndef train(batches, scales):\n"
        "    p_step = jax.pmap(functools.partial(jax.lax.scan, make(scales[0])))\n"
        "    for i, batch in enumerate(batches):\n        p_step(0.0, batch)\n"
        "        if scales[i] != scales[i - 1]:\n"
        "            p_step = jax.pmap(functools.partial(jax.lax.scan, make(scales[i])))\n"
        "\nif __name__ == '__main__':\n    train([[1.0], [2.0]], [1.0, 2.0])\n"
    )
    result = check_source(source)
    assert [(d.code, d.line) for d in result.diagnostics if d.code == "JAX401"] == []
