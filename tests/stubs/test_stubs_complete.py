"""The stub replaces jax's top-level module for a type checker: it must lose nothing.

Every public attribute of the installed ``jax`` resolves through the stub with the type jax's
own module gives it (the typed transforms with a better one), checked by revealing each name
with mypy and basedpyright with and without the stubs. The other stub files are mirrored from
jax's implementation modules, never copied from its ``.pyi`` files.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from types import ModuleType

import pytest
from stub_checkers import Findings, generated_stubs, public_jax_names

from jaxcheck.stubs import TYPED_TRANSFORMS
from jaxcheck.stubs.build import implementation_stubs
from jaxcheck.stubs.mirror import is_public

UNTYPED = {"Any", "Unknown", "(...) -> Unknown", "def (*Any, **Any) -> Any"}
# Where a checker's view of jax's own module is not what the module holds at runtime, the stub
# follows the runtime. jax's source imports the module `jax.interpreters.ad` as `ad`, then
# rebinds `ad` to a SimpleNamespace; mypy keeps the first binding.
RUNTIME_TYPES = {"ad": "types.SimpleNamespace"}
# Classes whose constructor the stub takes from the runtime class: `jax.Array()` takes no
# arguments at runtime (measured: `TypeError: jaxlib._jax.Array() takes no arguments`), where
# jax's own `.pyi` declares NumPy's constructor.
RUNTIME_CONSTRUCTORS = {"Array": "def () -> jax._src.basearray.Array"}


def stub_bindings() -> tuple[set[str], set[str]]:
    """Names the stub binds publicly (in stub terms), and the modules it imports."""
    public, imported = set(), set()
    stub_init = generated_stubs() / "jax-stubs" / "__init__.pyi"
    body = ast.parse(stub_init.read_text(encoding="utf-8")).body
    # The typed transforms sit in both branches of `if TYPE_CHECKING:` (checkers and jedi).
    branches = [n for guard in body if isinstance(guard, ast.If) for n in [*guard.body, *guard.orelse]]
    for node in [*body, *branches]:
        if isinstance(node, ast.ImportFrom):
            imported.update(f"{node.module}.{alias.name}" for alias in node.names)
            public.update(alias.name for alias in node.names if alias.asname == alias.name)
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
            public.update(alias.name for alias in node.names if alias.asname == alias.name)
        elif isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            public.update(t.id for t in targets if isinstance(t, ast.Name) and is_public(t.id))
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            public.add(node.name)
    return public, imported


def test_every_public_name_of_jax_is_bound_by_the_stub() -> None:
    jax = importlib.import_module("jax")
    public, imported = stub_bindings()
    missing = []
    for name in public_jax_names():
        if name in public:
            continue
        # Submodules that become attributes when something imports them (`jax.core`): the stub
        # keeps the import that does it, as jax's own module has it.
        is_submodule = isinstance(getattr(jax, name), ModuleType)
        if not (is_submodule and any(m == f"jax.{name}" or m.startswith(f"jax.{name}.") for m in imported)):
            missing.append(name)
    assert missing == []


@pytest.mark.parametrize("checker", ["mypy", "pyright"])
def test_every_name_has_a_type_no_worse_than_jax_own(
    findings: dict[str, Findings], namespace_file: Path, checker: str
) -> None:
    if f"{checker}-nostubs" not in findings:
        pytest.skip("no environment without stubs here")
    with_stubs, without = findings[checker], findings[f"{checker}-nostubs"]
    worse = []
    for line, name in enumerate(public_jax_names(), 3):
        key = (namespace_file.name, line)
        stubbed, own = with_stubs.reveals.get(key), without.reveals.get(key)
        if with_stubs.errors.get(key, set()) - without.errors.get(key, set()):
            worse.append(f"jax.{name}: {with_stubs.messages[key]}")
        elif name in TYPED_TRANSFORMS:
            if not stubbed or stubbed[0] in UNTYPED:
                worse.append(f"jax.{name}: typed transform revealed as {stubbed}")
        elif name in RUNTIME_TYPES and stubbed and stubbed[0].endswith(RUNTIME_TYPES[name]):
            assert type(getattr(importlib.import_module("jax"), name)).__name__ in stubbed[0]
        elif name in RUNTIME_CONSTRUCTORS and stubbed == [RUNTIME_CONSTRUCTORS[name]]:
            with pytest.raises(TypeError):
                getattr(importlib.import_module("jax"), name)((3,))
        elif stubbed != own:
            worse.append(f"jax.{name}: {stubbed} with the stubs, {own} without")
    assert worse == []


@pytest.mark.parametrize("checker", ["mypy", "pyright"])
def test_typed_transforms_are_generic_in_the_function(
    findings: dict[str, Findings], namespace_file: Path, checker: str
) -> None:
    names = public_jax_names()
    for name in TYPED_TRANSFORMS:
        revealed = findings[checker].reveals[namespace_file.name, names.index(name) + 3][0]
        # `_P` (ParamSpec) for the differentiating transforms, `_F` (the function's own type,
        # overloads kept) for the wrapping ones.
        assert "_P" in revealed or "_F" in revealed, f"jax.{name}: {revealed}"


def test_every_module_with_a_pyi_of_jax_has_a_stub_and_jaxcheck_holds_none_of_its_text() -> None:
    # pyright hides the library's .pyi files that a partial stub package lacks, so each has a
    # stub, made from jax's own file when the stubs are generated; jaxcheck itself carries none
    # of jax's declarations.
    jax_dir = Path(importlib.import_module("jax").__file__ or "").parent
    generated = implementation_stubs()
    # Also the submodules that answer unknown names with a deprecation `__getattr__`.
    own_pyi = {p.relative_to(jax_dir).as_posix() for p in jax_dir.rglob("*.pyi")}
    assert set(generated) >= own_pyi - {"__init__.pyi"}
    for relative, content in generated.items():
        assert (generated_stubs() / "jax-stubs" / relative).read_text(encoding="utf-8") == content
    own_lines = {
        line.strip()
        for relative in own_pyi
        for line in (jax_dir / relative).read_text(encoding="utf-8").splitlines()
        if len(line.strip()) >= 30 and not line.strip().startswith(("from ", "import ", "#"))
    }
    package = Path(importlib.import_module("jaxcheck.stubs").__file__ or "").parent
    for source in sorted([*package.glob("*.py"), *package.glob("templates/*.in")]):
        text = source.read_text(encoding="utf-8")
        shared = [line for line in text.splitlines() if line.strip() in own_lines]
        assert shared == [], source.name
