"""The checked project: which module each file is, and the code its imports name.

Imports between checked files are resolved statically, never by importing: a file's module
name comes from its path (the package root is the first directory up that has no
`__init__.py`, so `src/` layouts and loose scripts need no configuration), and an import names
a checked file, or a file under the root of one, by that module name. A module is read, parsed
and collected only when the analysis of another one reaches a name it defines (a helper
called from a traced body, a class built there, a jitted callable called by host code).

:class:`ProjectIndex` is the part shared by a whole run (and sent to worker processes);
:class:`ProjectView` is what one file's analysis sees of it, and records every file it read,
with its content hash, so a cached result can be dropped when a dependency changes.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import re
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import libcst as cst

from ... import budget
from ...diagnostics import FileError
from ...parsing import decode, parse
from .collect import Collector, Site
from .scopes import Binding, FunctionInfo, Scope
from .walk import calls_name, repeating

# Bounds that keep one file's analysis linear in what it reaches: modules read per file, and
# links of a re-export chain (`pkg/__init__.py` re-exporting `pkg.models.step`) followed.
MAX_MODULES_PER_FILE = 48
MAX_REEXPORT_LINKS = 4
MODULES_NOTE = (
    f"the analysis of one file reads at most {MAX_MODULES_PER_FILE} other modules of the project "
    "(jaxcheck.analysis.syntax.project.MAX_MODULES_PER_FILE, not configurable): code in further "
    "modules was not checked"
)
REEXPORT_NOTE = (
    f"a name re-exported through more than {MAX_REEXPORT_LINKS} modules (`from .models import step` "
    "in an `__init__.py`, `from .b import *`) is not followed "
    "(jaxcheck.analysis.syntax.project.MAX_REEXPORT_LINKS, not configurable): its code was not checked"
)
BOUNDS_NOTE = (
    "a module of the project over the bounds of one file (`max-syntax-nodes`, nested brackets) "
    "was not read: code in it was not checked"
)
# Parsed modules kept for the next files checked by this process, bounded by their source size
# (a libcst tree takes about 80 bytes of memory per byte of source: 3 MB of source, 250 MB).
_PARSED_SOURCE_CHARACTERS = 3_000_000

# A file whose bytes never match cannot involve JAX (the engine's pre-filter, before parsing).
MAY_INVOLVE_JAX = re.compile(rb"jax|equinox|flax")
Reader = Callable[[str], "bytes | object"]  # a file's bytes, or an error object
# An import statement as text: `import a.b, c as d` or `from ..a import (b, c as d)`.
# A name called in source text (`step(`, `.train(`), not one being defined.
_CALLED = re.compile(rb"(?<!def )(?<!class )\b([A-Za-z_]\w*)[ \t]*\(")
_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+(?P<dots>\.*)(?P<module>[\w.]*)[ \t]+import[ \t]+|(?P<plain>import)[ \t]+)"
    r"(?P<names>\([\w\s,]*\)|[\w., \t]+)",
    re.MULTILINE,
)


def module_identity(path: str) -> tuple[str, str, bool]:
    """(root, dotted module name, is a package `__init__`) of the file at ``path``."""
    absolute = os.path.abspath(path)
    directory, filename = os.path.split(absolute)
    stem = filename.rsplit(".", 1)[0]
    is_package = stem == "__init__"
    parts = [] if is_package else [stem]
    while os.path.isfile(os.path.join(directory, "__init__.py")):
        directory, package = os.path.split(directory)
        parts.insert(0, package)
        if not package:
            break
    return directory, ".".join(parts), is_package


def _importable_tail(root: str, name: str) -> tuple[str, str] | None:
    """(root, name) under which Python imports a module whose package chain passes through a
    directory that is no identifier: a checkout holding an `__init__.py` (`jax-md/`) makes
    `jax_md/energy.py` `jax-md.jax_md.energy` by its `__init__` files, but it is imported as
    `jax_md.energy` from beside that checkout. None when every part is an identifier."""
    parts = name.split(".")
    blocked = [i for i, part in enumerate(parts[:-1]) if not part.isidentifier()]
    if not blocked:
        return None
    cut = blocked[-1] + 1
    return os.path.join(root, *parts[:cut]), ".".join(parts[cut:])


@dataclass
class LoadedModule:
    """A module of the project that an analysis read: its tree, scopes and sites."""

    name: str
    path: str
    source: str
    tree: cst.Module
    collector: Collector

    @property
    def scope(self) -> Scope:
        return self.collector.module_scope

    def sites_in(self, function: FunctionInfo, node_type: type) -> list[Site]:
        """The sites of ``node_type`` directly in ``function`` (see :meth:`Collector.sites_in`)."""
        return self.collector.sites_in(function, node_type)


@dataclass
class ProjectIndex:
    """Every checked file by module name, and the roots where other imported modules are sought."""

    reader: Reader
    modules: dict[str, tuple[str, ...]] = field(default_factory=dict)
    roots: tuple[str, ...] = ()
    # Which run this index serves, the same in its worker processes (answers about the file
    # system are kept for one run).
    run: tuple[int, int] = field(default_factory=lambda: (os.getpid(), next(_runs)))

    @property
    def heads(self) -> frozenset[str]:
        """The top-level names of the checked modules (`pkg` for `pkg.models`)."""
        heads = self.__dict__.get("_heads")
        if heads is None:
            heads = self.__dict__["_heads"] = frozenset(name.split(".", 1)[0] for name in self.modules)
        return heads

    @property
    def digest(self) -> str:
        """A digest of which files are checked together: a file's findings can depend on the
        other checked modules (its callers, the importers of its functions), so a result is
        reused only in a run that checks the same set of modules."""
        digest = self.__dict__.get("_digest")
        if digest is None:
            listing = "\n".join(f"{name}\0{chr(0).join(paths)}" for name, paths in sorted(self.modules.items()))
            digest = self.__dict__["_digest"] = hashlib.sha256(listing.encode()).hexdigest()[:16]
        return digest

    @classmethod
    def of_paths(cls, paths: list[str], reader: Reader) -> ProjectIndex:
        modules: dict[str, list[str]] = {}
        roots: dict[str, None] = {}
        for path in paths:
            if not path.endswith(".py"):
                continue
            root, name, _ = module_identity(path)
            roots[root] = None
            if name:
                modules.setdefault(name, []).append(os.path.abspath(path))
            importable = _importable_tail(root, name)
            if importable is not None:
                roots[importable[0]] = None
                modules.setdefault(importable[1], []).append(os.path.abspath(path))
        return cls(reader, {name: tuple(found) for name, found in modules.items()}, tuple(roots))

    def modules_calling(self, name: str) -> tuple[str, ...]:
        """The checked modules whose text calls ``name`` (`name(...)`, `x.name(...)`): a text
        index of every checked file, built once per process and run, nothing parsed."""
        index = self.__dict__.get("_callers")
        if index is None:
            index = defaultdict(set)
            # a file read once, indexed under every module name it has (`main` and `case.main`)
            called_in: dict[str, set[bytes]] = {}
            for module, paths in self.modules.items():
                for path in paths:
                    if path not in called_in:
                        data = self.reader(path)
                        called_in[path] = set(_CALLED.findall(data)) if isinstance(data, bytes) else set()
                    for called in called_in[path]:
                        index[called.decode()].add(module)
            self.__dict__["_callers"] = index
        return tuple(sorted(index.get(name, ())))

    def beside_a_root(self, head: str) -> bool:
        """Whether a module or package ``head`` is at one of the roots (asked once per run and
        process: every file of a run asks about the same imports)."""
        answers = _heads_beside_roots.get(self.run)
        if answers is None:
            _heads_beside_roots.clear()  # another run's: files may have changed since
            answers = _heads_beside_roots[self.run] = {}
        if head not in answers:
            answers[head] = any(_beside(root, head) for root in self.roots)
        return answers[head]

    def path_of(self, module: str, importer_root: str, probed: dict[str, str | None]) -> str | None:
        """The file of ``module`` as a file under ``importer_root`` imports it; None when none
        or several fit. Files looked for and not found go into ``probed``."""
        checked = self.modules.get(module, ())
        own = [p for p in checked if module_identity(p)[0] == importer_root]
        if own or len(checked) == 1:
            return (own or list(checked))[0]
        if checked:
            return None  # several checked files with this name, none beside the importer
        relative = module.replace(".", os.sep)
        found = []
        for root in (importer_root, *sorted(set(self.roots) - {importer_root})):
            for candidate in _module_files(root, relative):
                if os.path.isfile(candidate):
                    found.append(candidate)
                    break
                probed.setdefault(candidate, None)
            if found and root == importer_root:
                return found[0]
        return found[0] if len(found) == 1 else None


_heads_beside_roots: dict[tuple[int, int], dict[str, bool]] = {}
_runs = itertools.count()


def _beside(root: str, head: str) -> bool:
    return os.path.isfile(os.path.join(root, head + ".py")) or os.path.isdir(os.path.join(root, head))


def _module_files(root: str, relative: str) -> tuple[str, str]:
    """Where module ``relative`` (a path without `.py`) may be under ``root``: a file or a package."""
    return os.path.join(root, relative + ".py"), os.path.join(root, relative, "__init__.py")


@dataclass
class _Parsed:
    tree: cst.Module | FileError
    size: int  # characters of source
    collector: Collector | None = None  # built when another file's analysis first reads it


_parsed: OrderedDict[tuple[str, str], _Parsed] = OrderedDict()
_parsed_size = [0]  # characters of source held in _parsed


def parse_shared(path: str, source: str) -> cst.Module | FileError:
    """``source`` parsed once per process: a file's own check and the analyses of the files
    that import it share one tree (libcst trees are immutable)."""
    return _parsed_entry(os.path.abspath(path), source).tree


def _parsed_key(path: str, source: str) -> tuple[str, str]:
    return path, hashlib.sha1(source.encode("utf-8", "surrogatepass")).hexdigest()


def _parsed_entry(path: str, source: str) -> _Parsed:
    key = _parsed_key(path, source)
    entry = _parsed.get(key)
    if entry is not None:
        _parsed.move_to_end(key)
        return entry
    entry = _parsed[key] = _Parsed(parse(path, source), len(source))
    _parsed_size[0] += entry.size
    while _parsed_size[0] > _PARSED_SOURCE_CHARACTERS and len(_parsed) > 1:
        _parsed_size[0] -= _parsed.popitem(last=False)[1].size
    return entry


def _collected(path: str, data: bytes, max_nodes: int) -> tuple[str, cst.Module, Collector] | FileError | None:
    """Another module read for an analysis: parsed and collected once per process and content
    (the analyses keep what they learn in their own tables, never in the collected scopes).
    Over the bounds of one file (``max_nodes``), the error that says so; unreadable, None."""
    try:
        source = decode(data)
    except (UnicodeDecodeError, SyntaxError, LookupError):
        return None
    over_bounds = over_bounds_shared(path, source, max_nodes)
    if over_bounds is not None:
        return over_bounds
    entry = _parsed_entry(path, source)
    if not isinstance(entry.tree, cst.Module):
        return None
    return source, entry.tree, _collector(entry, path)


def over_bounds_shared(path: str, source: str, max_nodes: int) -> FileError | None:
    """:func:`budget.file_over_bounds`, judged once per process and content: every file that
    imports a module asks again, and so does the module's own check."""
    key = (*_parsed_key(os.path.abspath(path), source), max_nodes)
    if key not in _bounds_judged:
        if len(_bounds_judged) >= _MAX_BOUNDS_JUDGED:
            _bounds_judged.clear()
        _bounds_judged[key] = budget.file_over_bounds(path, source, max_nodes)
    return _bounds_judged[key]


_bounds_judged: dict[tuple[str, str, int], FileError | None] = {}
_MAX_BOUNDS_JUDGED = 20_000


def _collector(entry: _Parsed, path: str) -> Collector:
    """The one collection of a parsed module in this process, for its own check and for the
    analyses of the files that import it."""
    if entry.collector is None:
        assert isinstance(entry.tree, cst.Module)
        _, module_name, is_package = module_identity(path)
        entry.collector = Collector(entry.tree, module_name if is_package else module_name.rpartition(".")[0])
    return entry.collector


class ProjectView:
    """One file's view of the project: the modules its analysis reaches, read on demand."""

    def __init__(self, index: ProjectIndex, path: str, max_syntax_nodes: int = budget.MAX_SYNTAX_NODES) -> None:
        self.index = index
        self.max_syntax_nodes = max_syntax_nodes  # the bound of each module read, as of the file
        self.path = os.path.abspath(path)
        self.root, self.name, self.is_package = module_identity(path)
        self.modules: dict[str, LoadedModule | None] = {}
        # Every other file read, with the SHA-256 of its bytes (None: looked for, absent).
        self.dependencies: dict[str, str | None] = {}
        self._on_load: list[Callable[[LoadedModule], None]] = []
        self._heads: dict[str, bool] = {self.name.split(".", 1)[0]: True}
        self._jax_free: dict[str, bool] = {}
        self.limits_reached: set[str] = set()  # notes on the limits the analysis reached here

    @property
    def package(self) -> str:
        """The package relative imports of this file start from."""
        return self.name if self.is_package else self.name.rpartition(".")[0]

    def own_collector(self, tree: cst.Module, source: str) -> Collector:
        """The checked file's collection, shared with the analyses of this process that read it
        as another file's dependency (it was parsed by :func:`parse_shared`); the file itself,
        so that an import chain that comes back to it ends here."""
        entry = _parsed.get(_parsed_key(self.path, source))
        if entry is not None and entry.tree is tree:
            collector = _collector(entry, self.path)
        else:  # a tree from another parser (an editor's incremental one)
            collector = Collector(tree, self.package)
        self.modules[self.name] = LoadedModule(self.name, self.path, source, tree, collector)
        return collector

    def on_load(self, callback: Callable[[LoadedModule], None]) -> None:
        self._on_load.append(callback)

    def is_project_name(self, qualified: str) -> bool:
        """Whether ``qualified`` may name code of the project: its first part is a checked
        module or package, or a module or package beside one (a stat per new name)."""
        head = qualified.split(".", 1)[0]
        known = self._heads.get(head)
        if known is None:
            known = self._heads[head] = head in self.index.heads or self.index.beside_a_root(head) or (
                self.root not in self.index.roots and _beside(self.root, head)
            )
            if not known:  # a module written there later would change this file's analysis
                for absent in _module_files(self.root, head):
                    self.dependencies.setdefault(absent, None)
        return known

    def module(self, name: str, jax_only: bool = False) -> LoadedModule | None:
        """The module called ``name``, read and collected on first use. ``jax_only``: not a
        module (other than a package's `__init__`) that never names JAX (it cannot define a
        jitted callable; reading its bytes is cheap, parsing them is not)."""
        if name in self.modules:
            return self.modules[name]
        if jax_only and self._without_jax(name):
            return None
        loaded = None
        if len(self.modules) < MAX_MODULES_PER_FILE:
            loaded = self._load(name)
        else:
            self.limits_reached.add(MODULES_NOTE)
        self.modules[name] = loaded
        if loaded is not None:
            for callback in self._on_load:
                callback(loaded)
        return loaded

    def imports_jax_module(self, source: str) -> bool:
        """Whether ``source`` (read as text, not parsed) imports a checked module that names
        JAX, or a name from one (`from pipeline import augment`, `from . import model`)."""
        for match in _IMPORT.finditer(source):
            dots, module, imported = match.group("dots") or "", match.group("module") or "", match.group("names")
            if dots:
                package = self.package.split(".") if self.package else []
                if len(dots) - 1 > len(package):
                    continue
                module = ".".join([*package[: len(package) - (len(dots) - 1)], *([module] if module else [])])
            candidates = [m.strip().split(" ")[0] for m in imported.split(",")] if match.group("plain") else [module]
            if not match.group("plain"):  # `from pkg import mod`: `mod` may be a checked module of `pkg`
                named = (f"{module}.{n.strip().split(' ')[0]}" for n in imported.strip("()").split(",") if n.strip())
                candidates += [name for name in named if name in self.index.modules]
            for candidate in candidates:
                if candidate in self.index.modules:  # a checked file: nothing to look for on disk
                    found = self._read(candidate)
                    if found is not None and MAY_INVOLVE_JAX.search(found[1]):
                        return True
        return False

    def calls_elsewhere(
        self, name: str, limit: int = 8, importing_this: bool = False, through_importers: bool = False,
    ) -> list[Site] | None:
        """The calls of ``name`` (`name(...)`, `x.name(...)`, whatever ``x`` is) in the other
        checked modules, read and collected (and recorded as dependencies) but not joined to
        this file's analysis; with ``importing_this``, only in the modules whose imports name
        this file's module (`from .types import State`: what a name defined here needs), and
        with ``through_importers`` also in those importing such a module (`from models import
        Renewal`, where `models` subclasses a class of this one). None when more than ``limit``
        modules call it, or one of them could not be read or parsed: then the calls are not all
        known."""
        calls = self._module_calls(name, limit, importing_this, through_importers)
        if calls is None:
            return None
        return [site for sites in calls for site in sites if calls_name(site.node, name)]  # type: ignore[arg-type]

    def runs_repeatedly_elsewhere(
        self, name: str, counts: Callable[[Site], bool], limit: int = 8, written_loops: bool = False,
    ) -> bool:
        """Whether a checked module importing this one calls ``name`` (`name(...)`, `x.name(...)`)
        where that call runs more than once: in a loop or comprehension (other than over a
        collection written at the loop: a handful of configurations, one each on purpose, unless
        ``written_loops``), or in a function of that module that the module itself calls in such
        a loop (`tdvp_step` building a `SampledObs`, called from the training loop beside it).
        Nothing is concluded where more than ``limit`` modules call it. Only the calls that
        ``counts`` accepts count."""
        repeats: Callable[[Sequence[cst.CSTNode]], bool] = bool if written_loops else repeating
        for sites in self._module_calls(name, limit, importing_this=True) or ():
            calling = [site for site in sites if calls_name(site.node, name) and counts(site)]  # type: ignore[arg-type]
            if any(repeats(site.loops) for site in calling):
                return True
            runner_names = {site.scope.enclosing_function.name for site in calling if site.scope.enclosing_function is not None}
            if any(
                repeats(site.loops) and counts(site) for site in sites
                if any(calls_name(site.node, n) for n in runner_names)  # type: ignore[arg-type]
            ):
                return True
        return False

    def _module_calls(
        self, name: str, limit: int, importing_this: bool = False, through_importers: bool = False,
    ) -> list[list[Site]] | None:
        """The call sites of each other checked module whose text calls ``name`` (see
        :meth:`calls_elsewhere`); None when not all are known."""
        modules = [m for m in self.index.modules_calling(name) if m != self.name]
        if importing_this:
            direct = {m for m in modules if self._imports_this(m)}
            if through_importers and len(direct) < len(modules):  # read every module only when needed
                importers = self._importers()
                direct |= {m for m in modules if any(self._imports(m, i) for i in importers)}
            modules = [m for m in modules if m in direct]
        if len(modules) > limit:
            return None
        found = []
        for module in modules:
            read = self._read(module)
            if read is None:
                continue  # this file itself under another name
            with budget.paused():
                parsed = _collected(read[0], read[1], self.max_syntax_nodes)
            if not isinstance(parsed, tuple):
                return None
            found.append(parsed[2].index.get(cst.Call, []))
        return found

    def importers(self) -> list[LoadedModule]:
        """The checked modules whose imports name this file's module, read and collected (and
        joined to this file's analysis: see :meth:`module`), those that name JAX."""
        return [loaded for name in self._importers() if (loaded := self.module(name, jax_only=True)) is not None]

    def _importers(self) -> list[str]:
        """The checked modules whose imports name this file's module (computed once)."""
        found = self.__dict__.get("_importer_names")
        if found is None:
            found = self.__dict__["_importer_names"] = [
                m for m in self.index.modules if m != self.name and self._imports_this(m)
            ]
        return found

    def _imports_this(self, module: str) -> bool:
        """Whether the text of ``module`` has an import naming this file's module by its last
        name (`from .types import`, `from pkg.types import`, `import pkg.types`, `from . import types`)."""
        return self._imports(module, self.name)

    def _imports(self, module: str, imported: str) -> bool:
        """Whether the text of ``module`` has an import naming ``imported`` by its last name."""
        read = self._read(module)
        last = re.escape(imported.rpartition(".")[2].encode())
        pattern = (
            rb"^[ \t]*(?:from[ \t]+[\w.]*\b" + last + rb"\b[ \t]+import|import[ \t]+[\w., \t]*\b" + last + rb"\b"
            rb"|from[ \t]+[\w.]+[ \t]+import[ \t]+[\w, \t(]*\b" + last + rb"\b)"
        )
        return read is not None and re.search(pattern, read[1], re.MULTILINE) is not None

    def _without_jax(self, name: str) -> bool:
        if name not in self._jax_free:
            found = self._read(name)
            self._jax_free[name] = found is not None and not found[0].endswith("__init__.py") and not (
                MAY_INVOLVE_JAX.search(found[1])
            )
        return self._jax_free[name]

    def _read(self, name: str) -> tuple[str, bytes] | None:
        """The path and bytes of module ``name``, recorded as a dependency."""
        probed: dict[str, str | None] = {}
        path = self.index.path_of(name, self.root, probed)
        for missing in probed:
            self.dependencies.setdefault(missing, None)
        if path is None or os.path.abspath(path) == self.path:
            return None
        data = self.index.reader(path)
        if not isinstance(data, bytes):
            return None
        self.dependencies[os.path.abspath(path)] = hashlib.sha256(data).hexdigest()
        return os.path.abspath(path), data

    def _load(self, name: str) -> LoadedModule | None:
        found = self._read(name)
        if found is None:
            return None
        path, data = found
        with budget.paused():  # shared by every file that imports it: not this file's time
            parsed = _collected(os.path.abspath(path), data, self.max_syntax_nodes)
        if isinstance(parsed, FileError):
            if budget.is_over_bounds(parsed):
                self.limits_reached.add(BOUNDS_NOTE)
            return None
        if parsed is None:
            return None
        source, tree, collector = parsed
        return LoadedModule(name, os.path.abspath(path), source, tree, collector)

    def star_source(self, module_name: str, name: str, _seen: frozenset[str] = frozenset()) -> str | None:
        """The module that binds ``name`` for `from module_name import *`, for a module of the
        project: ``module_name`` or a module it imports * from in turn. Exported are the names
        its `__all__` lists, where that is a list or tuple of strings, else the names not
        starting with `_`. None: the import does not bind ``name``."""
        if module_name in _seen or not self.is_project_name(module_name):
            return None
        module = self.module(module_name)
        if module is None:
            return None
        listed = _listed_in_all(module.scope)
        if not (name in listed if listed is not None else not name.startswith("_")):
            return None
        if module.scope.bindings.get(name):
            return module_name
        return self._star_imported(module, name, _seen | {module_name})

    def _star_imported(self, module: LoadedModule, name: str, seen: frozenset[str]) -> str | None:
        """The module that binds ``name`` for the last `from ... import *` of ``module`` that binds it."""
        for imported, _ in reversed(module.scope.star_imports):
            found = self.star_source(imported, name, seen)
            if found is not None:
                return found
        return None

    def member(
        self, qualified: str, jax_only: bool = False, _links: int = 0
    ) -> tuple[LoadedModule, Scope, list[Binding]] | None:
        """Where ``pkg.models.step`` is defined: its module, that module's scope and the
        name's bindings there, following re-exports (`from .models import step` in an
        `__init__.py`)."""
        if _links > MAX_REEXPORT_LINKS:
            self.limits_reached.add(REEXPORT_NOTE)
            return None
        if qualified in self.index.modules:
            return None
        if not self.is_project_name(qualified):
            return None  # a module itself (`utils` in `utils.f(x)`), or not the project's
        module_name, _, member = qualified.rpartition(".")
        if not module_name:
            return None
        module = self.module(module_name, jax_only)
        if module is None:
            return None
        bindings = module.scope.bindings.get(member)
        if not bindings:
            source = self._star_imported(module, member, frozenset({module_name}))  # `from .c import *` there
            return self.member(f"{source}.{member}", jax_only, _links + 1) if source is not None else None
        targets = {b.target for b in bindings if b.kind == "import"}
        if len(bindings) == 1 and len(targets) == 1:
            target = targets.pop()
            if target is not None and target != qualified:
                return self.member(target, jax_only, _links + 1)
        return module, module.scope, bindings


def _listed_in_all(scope: Scope) -> frozenset[str] | None:
    """The names of a module's `__all__` when it is one list or tuple of strings (None: none, or
    one built some other way)."""
    bindings = scope.bindings.get("__all__")
    if not bindings or len(bindings) != 1 or not isinstance(bindings[0].node, (cst.List, cst.Tuple)):
        return None
    names = [element.value for element in bindings[0].node.elements]
    if not all(isinstance(value, cst.SimpleString) for value in names):
        return None
    return frozenset(value.evaluated_value for value in names if isinstance(value.evaluated_value, str))
