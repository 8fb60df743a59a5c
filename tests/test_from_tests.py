"""Which of a project's test files `validate` runs for a finding it could not settle alone
(``jaxcheck.runtime.from_tests``; no jax needed)."""

from __future__ import annotations

import pathlib

from jaxcheck.diagnostics import Diagnostic, Subject
from jaxcheck.runtime.from_tests import choose, collected_files, imported_names, names_of


def _finding(path: pathlib.Path, function: str, trace_start: str | None = None) -> Diagnostic:
    trace = ((None, trace_start),) if trace_start else ()
    return Diagnostic(
        str(path), 3, 5, 3, 9, "JAX501", "key-reused", "message", "error",
        subject=Subject(module="pkg.policies", function=function, trace=trace),
    )


def test_the_files_are_those_pytest_collects_outside_hidden_and_environment_folders(tmp_path: pathlib.Path) -> None:
    for name in ("a_test.py", "test_b.py", "tests/test_c.py", "helpers.py", "tests/conftest.py",
                 ".venv/lib/test_x.py", "venv/test_y.py", "pkg/site-packages/test_z.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    assert sorted(p.relative_to(tmp_path).as_posix() for p in collected_files(tmp_path)) == [
        "a_test.py", "test_b.py", "tests/test_c.py",
    ]


def test_a_finding_is_known_by_its_module_and_the_outermost_functions_of_its_trace(tmp_path: pathlib.Path) -> None:
    finding = _finding(tmp_path / "policies.py", "_make_fn.inner", trace_start="muzero_policy.body")
    wanted = names_of(finding)
    assert (wanted.module, wanted.functions, wanted.package) == ("policies", {"_make_fn", "muzero_policy"}, "pkg")


def test_the_test_files_chosen_are_named_after_the_finding_or_import_it(tmp_path: pathlib.Path) -> None:
    texts = {
        "policies_test.py": "from pkg import api\n",  # named after the module
        "test_api.py": "from pkg.api import (\n    muzero_policy,\n)\n",  # imports the function starting the trace
        "test_elsewhere.py": "from other import muzero_policy\n",  # a function of that name from another package
        "test_other.py": "import pkg\npkg.unrelated()\n",
        # the names only in code, and in an import held in a string: nothing that imports them
        "test_strings.py": 'import textwrap\nSOURCE = """\n    from policies import muzero_policy\n"""\nmuzero_policy = 1\n',
    }
    files = [tmp_path / name for name in texts]
    finding = _finding(tmp_path / "policies.py", "_make_fn.inner", trace_start="muzero_policy.body")
    chosen = choose([finding], files, lambda path: texts[path.name])
    assert sorted(p.name for p in chosen) == ["policies_test.py", "test_api.py"]


def test_only_import_statements_at_the_start_of_a_line_name_what_a_test_uses() -> None:
    text = 'import jax\nfrom pkg.sub import (\n    alpha,\n    beta as b,\n)\nx = gamma(1)\nS = """\n    from m import delta\n"""\n'
    assert imported_names(text) == {"import", "jax", "from", "pkg", "sub", "alpha", "beta", "as", "b"}


def test_what_the_tests_showed_without_a_verdict_is_kept_for_findings_they_reached(tmp_path: pathlib.Path) -> None:
    """A test that ran the finding's line without its hazard (a loop of one iteration) says so;
    a finding no test reached keeps nothing; a verdict outranks it."""
    from jaxcheck.runtime.from_tests import verdicts_in

    def entry(line: int, status: str, reached: bool) -> dict:
        evidence = f"line {line} consumed a key 1 time in this run, and no key was consumed there again"
        return {"path": "m.py", "line": line, "column": 1, "code": "JAX503", "reached": reached,
                "validation": {"status": status, "evidence": evidence, "device": "test t"}}

    report = {"findings_in_files_that_ran": [entry(3, "inconclusive", True), entry(5, "inconclusive", False), entry(7, "confirmed", True)]}
    found = verdicts_in(report, tmp_path)
    path = str((tmp_path / "m.py").resolve())
    assert found[(path, 3, 1, "JAX503")].status == "inconclusive"
    assert found[(path, 3, 1, "JAX503")].evidence.startswith("the project's tests gave no verdict (`pytest --jaxcheck`): line 3")
    assert (path, 5, 1, "JAX503") not in found
    assert found[(path, 7, 1, "JAX503")].evidence.startswith("by the project's tests")


def test_a_modules_own_test_file_comes_before_one_that_only_imports_its_package(tmp_path: pathlib.Path) -> None:
    # jaxns: `test_evidence_maximisation.py` imports `Model` from the package, as `test_model.py`
    # does; the module's own tests ran first only by the order of the paths, and the slow
    # end-to-end file took the time the findings' own tests needed
    texts = {
        "experimental/test_evidence_maximisation.py": "from pkg import Model\n",
        "framework/test_model.py": "from pkg.framework.model import Model\n",
    }
    files = [tmp_path / name for name in texts]
    finding = Diagnostic(
        str(tmp_path / "model.py"), 3, 5, 3, 9, "JAX402", "jit-per-call", "message", "error",
        subject=Subject(module="pkg.framework.model", function="Model.sanity_check", trace=()),
    )
    chosen = choose([finding], files, lambda path: texts[f"{path.parent.name}/{path.name}"])
    assert [p.name for p in chosen] == ["test_model.py", "test_evidence_maximisation.py"]



def test_a_finding_no_file_names_is_tried_with_the_files_that_import_its_package(tmp_path: pathlib.Path) -> None:
    # trainax: `test_instantiate.py` imports only `trainax` and builds a trainer, whose
    # `__init__` builds the `PermutationMixer` holding the finding; no file names `_mixer`
    texts = {
        "test_instantiate.py": "import trainax\n",
        "test_other_package.py": "import numpy\n",
        "test_policies.py": "from pkg import x\n",  # names another finding's module
    }
    files = [tmp_path / name for name in texts]
    unnamed = Diagnostic(
        str(tmp_path / "_mixer.py"), 3, 5, 3, 9, "JAX504", "key-reused-after-split", "message", "error",
        subject=Subject(module="trainax._mixer", function="PermutationMixer.__init__.<lambda>", trace=()),
    )
    named = _finding(tmp_path / "policies.py", "policy")
    chosen = choose([unnamed, named], files, lambda path: texts[path.name])
    assert [p.name for p in chosen] == ["test_policies.py", "test_instantiate.py"]
    # a finding some file names is not tried with every file that imports its package
    assert [p.name for p in choose([named], files, lambda path: texts[path.name])] == ["test_policies.py"]
