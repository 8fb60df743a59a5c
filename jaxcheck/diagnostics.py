"""What a check produces: diagnostics for findings, file errors for what could not be checked."""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

# "info": worth knowing, not "fix this": a finding in test code of a code in `info-in-tests` (see
# jaxcheck.test_code), or one a rule judged a deliberate idiom (a trace-time `print` of static
# values only); left out of the output unless asked for (`--show-info`), and never a reason to
# fail a run.
Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True)
class Edit:
    """Replace the text between two 1-based positions (end exclusive); equal ends insert."""

    line: int
    column: int
    end_line: int
    end_column: int
    replacement: str


@dataclass(frozen=True)
class Fix:
    """A change that removes a finding. Unsafe fixes may change behaviour; they are applied
    only with ``--unsafe-fixes``."""

    title: str
    safe: bool
    edits: tuple[Edit, ...]


@dataclass(frozen=True)
class Validation:
    status: Literal["confirmed", "refuted", "inconclusive"]
    evidence: str
    device: str

    def summary(self) -> str:
        """How the text and GitHub outputs append it to a finding's message."""
        return f"[{self.status} on {self.device}: {self.evidence}]"


@dataclass(frozen=True)
class Subject:
    """What a finding is about, as the analysis saw it, for the front-ends that act on it (the
    validator, `jaxcheck run`, the pytest plugin, the editor) so none has to work it out again.

    ``function``: the function the finding is in (its qualified name; None at module level).
    ``trace``: the traced function that starts the trace, then the helpers down to
    ``function``, each as (module, qualified name) (empty when no trace reaches it). ``transform``: the transformation that traces it. ``jit_line``:
    where that transformation is applied, in the finding's file (None: elsewhere, or none).
    ``static``: the parameters of the traced function that stay static. ``arguments``: what
    each of its parameters held in the traces the analysis ran (abstract values, as text; the
    first 64 parameters, so that each finding's subject stays small).
    """

    module: str | None = None
    function: str | None = None
    trace: tuple[tuple[str | None, str], ...] = ()
    transform: str | None = None
    jit_line: int | None = None
    static: tuple[str, ...] = ()
    arguments: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "module": self.module, "function": self.function,
            "trace": [{"module": module, "function": function} for module, function in self.trace],
            "transform": self.transform, "jit_line": self.jit_line, "static": list(self.static),
            "arguments": dict(self.arguments),
        }

    @property
    def starts_in_another_module(self) -> bool:
        """Whether the trace that reaches the finding starts in another module than its own."""
        return bool(self.trace) and self.trace[0][0] != self.module

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Subject:
        return cls(
            data.get("module"), data.get("function"),
            tuple((step.get("module"), step["function"]) for step in data.get("trace", ())), data.get("transform"),
            data.get("jit_line"), tuple(data.get("static", ())), tuple(dict(data.get("arguments", {})).items()),
        )


@dataclass(frozen=True)
class Diagnostic:
    """One finding. Lines and columns are 1-based; the end is exclusive, as in LSP and SARIF."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    name: str
    message: str
    severity: Severity = "error"
    fix: Fix | None = None
    validation: Validation | None = None
    cell: int | None = None  # notebooks: 1-based cell index; line and column are in that cell
    subject: Subject | None = field(default=None, compare=False)  # what the finding is about

    def sort_key(self) -> tuple:
        return (self.path, self.cell or 0, self.line, self.column, self.code)

    def to_json(self) -> dict[str, Any]:
        # Field by field: `asdict` would copy the subject deeply only to have it replaced.
        data: dict[str, Any] = {
            "path": self.path, "line": self.line, "column": self.column, "end_line": self.end_line,
            "end_column": self.end_column, "code": self.code, "name": self.name, "message": self.message,
            "severity": self.severity, "fix": None if self.fix is None else asdict(self.fix),
        }
        if self.validation is not None:
            data["validation"] = asdict(self.validation)
        if self.cell is not None:
            data["cell"] = self.cell
        if self.subject is not None:
            data["subject"] = self.subject.to_json()
        return data


@dataclass(frozen=True)
class FileError:
    """A file that could not be read or parsed (reported as JAX001; the run goes on)."""

    path: str
    message: str
    line: int | None = None
    column: int | None = None
    code: str = "JAX001"
    name: str = "unreadable-file"
    cell: int | None = None  # notebooks: the cell that could not be parsed

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if self.cell is None:
            del data["cell"]
        return data


# Codes of the tool itself, reported instead of checking a file (never switched off by config).
TOOL_CODES: dict[str, tuple[str, str]] = {
    "JAX001": (
        "unreadable-file",
        "A file that could not be checked: it cannot be read (permissions, not a regular file, over "
        "the size limit), decoded, or parsed. Syntax errors carry CPython's own message and position; "
        "valid Python that libcst, the parser jaxcheck uses, cannot read is said to be a libcst "
        "limitation. The other files are still checked; the run exits with status 2.",
    ),
    "JAX002": (
        "internal-error",
        "A bug in jaxcheck while checking one file: the exception is reported with the file so it can "
        "be reported upstream. The other files are still checked; the run exits with status 2.",
    ),
}


@dataclass
class FileResult:
    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    error: FileError | None = None
    skipped: bool = False  # pre-filter: the file cannot involve JAX
    # Findings in other files of the project that this file's traces reach, at the hazard.
    reached: list[Diagnostic] = field(default_factory=list)
    # Other files the analysis read: path -> SHA-256 of their bytes (None: looked for, absent).
    dependencies: dict[str, str | None] = field(default_factory=dict)
    # Limits of the analysis this file's analysis reached: what lies past them was not checked.
    notes: list[str] = field(default_factory=list)
    # `info` findings of this file left out of ``diagnostics`` (`show-info` off).
    info_left_out: int = 0


def display_path(path: str | os.PathLike[str]) -> str:
    """A path as findings spell it when the user did not: relative to the working directory when
    the file is under it."""
    relative = os.path.relpath(path)
    return os.fspath(path) if relative.startswith(os.pardir) else relative
