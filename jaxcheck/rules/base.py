"""The rule contract: one class per rule, holding its code, name, message, docs and examples.

A rule reads facts (never walks the tree) and reports nodes::

    class PrintInJit(Rule):
        CODE = "JAX101"
        NAME = "print-in-jit"
        MESSAGE = "`print` in jitted function {function} runs once at trace time, not on every call"
        FIX_TITLE = "Use `jax.debug.print`"

        def check(self, context: Context) -> None:
            for call in context.staged_calls():
                if call.name == "print":
                    context.report(self, call.node, function=call.trace.description)

The docstring has the sections in :data:`DOC_SECTIONS`; ``VALID`` and ``INVALID`` hold at least
three examples each, and every example runs as a test.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

import libcst as cst

from ..analysis import ModuleFacts, Scope, Site, TraceSummary, Value
from ..analysis.facts import TracedCall
from ..analysis.interpret.events import Concretization
from ..diagnostics import Severity

if TYPE_CHECKING:
    from ..engine import Report

DOC_SECTIONS = ("What it does", "Why is this bad?", "Example", "Use instead")
OPTIONAL_DOC_SECTIONS = ("Known problems", "Fix safety", "Options", "References")


@dataclass(frozen=True)
class Valid:
    code: str


@dataclass(frozen=True)
class Invalid:
    """Source that must be reported, at ``line`` (1-based) and, if given, ``column``."""

    code: str
    line: int
    column: int | None = None
    message_contains: str | None = None
    lines: tuple[int, ...] = ()  # where every report is, in order, when there are several

    @property
    def count(self) -> int:
        """How many reports of this rule the example produces."""
        return len(self.lines) or 1


class Rule:
    CODE: ClassVar[str]
    NAME: ClassVar[str]
    MESSAGE: ClassVar[str]
    FIX_TITLE: ClassVar[str | None] = None
    SEVERITY: ClassVar[Severity] = "error"
    DEFAULT_ENABLED: ClassVar[bool] = True
    # Findings of this rule that test code may hold on purpose, by name (a selector of
    # `info-in-tests`): the name, and why such a finding is `info` there (shown after the message).
    TEST_IDIOMS: ClassVar[dict[str, str]] = {}
    VALID: ClassVar[list[Valid]] = []
    INVALID: ClassVar[list[Invalid]] = []

    def check(self, context: Context) -> None:
        raise NotImplementedError

    @classmethod
    def docs(cls) -> str:
        return textwrap.dedent(cls.__doc__ or "").strip()

    @classmethod
    def summary(cls) -> str:
        """The first sentence of the docs' *What it does* section."""
        _, _, section = cls.docs().partition("## What it does")
        paragraph = " ".join(section.strip().split("\n\n")[0].split())
        return paragraph.split(". ")[0].rstrip(".")


def valid(source: str) -> Valid:
    return Valid(textwrap.dedent(source).lstrip("\n"))


def invalid(source: str, line: int, **kwargs: object) -> Invalid:
    return Invalid(textwrap.dedent(source).lstrip("\n"), line, **kwargs)  # type: ignore[arg-type]


@dataclass(frozen=True)
class FixRequest:
    """A fix as a rule states it: replace nodes with text, optionally insert a statement.

    ``insert_before`` puts ``text`` (one or more lines, without indentation) on its own lines
    just before the statement ``node``, at that statement's indentation.
    """

    title: str
    safe: bool
    replacements: tuple[tuple[cst.CSTNode, str], ...] = ()
    insert_before: tuple[cst.CSTNode, str] | None = None


@dataclass
class Context:
    """What rules see of one file: the facts, and a way to report."""

    facts: ModuleFacts
    report_to: Report
    _code: dict[cst.CSTNode, str] = field(default_factory=dict, repr=False)

    def report(
        self, rule: Rule, node: cst.CSTNode, fix: FixRequest | None = None, *, deliberate: str | None = None,
        test_idiom: str | None = None, **message_args: object,
    ) -> None:
        """Report ``node``. ``deliberate``: why the code looks written this way on purpose (an
        idiom, see :data:`~jaxcheck.diagnostics.Severity`); the finding is then `info`, with
        that reason after the rule's message. ``test_idiom``: which of the rule's
        ``TEST_IDIOMS`` the finding is, `info` in test code when `info-in-tests` names it."""
        message = rule.MESSAGE.format(**message_args)
        if deliberate is None:
            self.report_to.add(rule, node, message, fix, rule.SEVERITY, test_idiom)
        else:
            self.report_to.add(rule, node, f"{message} ({deliberate})", fix, "info", test_idiom)

    # -- shared, memoised views over the facts -------------------------------------------

    def traced_calls(self) -> list[TracedCall]:
        """Every call in the body of a staged or abstractly traced function."""
        return self.facts.traced_calls

    def staged_calls(self) -> Iterator[TracedCall]:
        """Calls whose side effects freeze: traced once, then skipped on later calls."""
        return (call for call in self.facts.traced_calls if call.trace.frozen)

    def abstract_calls(self) -> Iterator[TracedCall]:
        """Calls where arguments may be abstract tracers (under jit, vmap, lax bodies)."""
        return (call for call in self.facts.traced_calls if call.trace.abstract)

    def traced_sites(self, node_type: type, *, staged: bool = False) -> Iterator[tuple[Site, TraceSummary]]:
        """Sites in abstractly traced bodies, or with ``staged=True`` in frozen ones."""
        return self.facts.traced_sites(node_type, staged=staged)

    def concretizations(self, kind: str) -> Iterator[tuple[Concretization, TraceSummary]]:
        """The tracers Python needed concretely (see :mod:`jaxcheck.analysis.interpret.events`),
        of one kind, with how the function they are in is traced: abstract ones, and the JVP
        tracers of a function differentiated alone where even those raise."""
        for event in self.facts.concretizations:
            if event.kind == kind:
                trace = self.facts.summary(event.function)
                if trace is not None and trace.abstract:
                    yield event, trace
                elif event.differentiated:
                    yield event, trace or self.facts.differentiated_summary(event.function)

    def value(self, node: cst.BaseExpression, scope: Scope) -> Value:
        return self.facts.value(node, scope)

    def code(self, node: cst.CSTNode) -> str:
        """The source text of ``node`` (for messages; remembered: many findings may quote one
        first use)."""
        text = self._code.get(node)
        if text is None:
            text = self._code[node] = self.facts.module.code_for_node(node).strip()
        return text

    def snippet(self, node: cst.CSTNode, limit: int = 60) -> str:
        """The source of ``node`` on one line, shortened for a message."""
        text = " ".join(self.code(node).split())
        return text if len(text) <= limit else text[: limit - 3] + "..."
