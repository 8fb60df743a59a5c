"""Text for a real run's findings: the compile table and the judged findings (`jaxcheck run`
and the pytest plugin print the same thing)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..diagnostics import Diagnostic
from .instrument import Compilation, short_path

if TYPE_CHECKING:
    from .jaxpr_audit import AuditFinding

_REASONS_SHOWN = 3


def compile_table(compilations: Iterable[Compilation], indent: str = "") -> list[str]:
    rows = list(compilations)
    if not rows:
        return [f"{indent}no jitted function of this code was compiled"]
    lines = [f"{indent}{'compiles':>8}  {'seconds':>7}  function (defined at)"]
    for row in rows:
        lines.append(f"{indent}{row.compiles:>8}  {row.compile_seconds:>7.2f}  {row.label} ({short_path(row.path)}:{row.line})")
        applied = [f"{short_path(path)}:{line}" for path, line in row.jitted_at if (path, line) != (row.path, row.line)]
        if applied:
            lines.append(f"{indent}{'':>19}jitted at {', '.join(applied[:_REASONS_SHOWN])}")
        recompiles = row.reasons[1:]
        for reason in recompiles[:_REASONS_SHOWN]:
            lines.append(f"{indent}{'':>19}recompiled: {reason}")
        if len(recompiles) > _REASONS_SHOWN:
            lines.append(f"{indent}{'':>19}... and {len(recompiles) - _REASONS_SHOWN} more recompiles")
    return lines


def findings(diagnostics: Iterable[Diagnostic], indent: str = "") -> list[str]:
    lines = []
    for d in diagnostics:
        line = f"{indent}{short_path(d.path)}:{d.line}:{d.column}: {d.code} {d.message}"
        if d.validation is not None:
            line += f" [{d.validation.status} by the run: {d.validation.evidence}]"
        lines.append(line)
    return lines


def audited(found: Iterable[AuditFinding], indent: str = "") -> list[str]:
    """What the jaxpr audit found, labelled as the audit's (not the static analysis')."""
    return [
        f"{indent}{short_path(f.path)}:{f.line}: {f.message} [found by the jaxpr audit]" if f.line else
        f"{indent}{short_path(f.path)}: {f.message} [found by the jaxpr audit]"
        for f in found
    ]


def over_budget(rows: Iterable[Compilation], budget: int) -> list[str]:
    return [
        f"`{row.label}` ({short_path(row.path)}:{row.line}) compiled {row.compiles} times, more than {budget}; "
        + "; ".join(row.reasons[1:1 + _REASONS_SHOWN])
        for row in rows
    ]


def render_run(report) -> str:
    """The whole `jaxcheck run` report as text."""
    lines = [f"jaxcheck run: {' '.join(report.command[2:])}: exit status {report.exit_code} after {report.seconds:.1f} s"]
    if report.error:
        lines.append(f"the program stopped on {report.error}")
    lines.append("compilations of jitted functions of this program:")
    lines += compile_table(report.compilations, "  ")
    judged = report.result.diagnostics
    counts = {s: sum(1 for d in judged if d.validation and d.validation.status == s) for s in ("confirmed", "refuted", "inconclusive")}
    lines.append(
        f"static findings in the files that ran: {len(judged)} ({counts['confirmed']} confirmed, "
        f"{counts['refuted']} refuted, {counts['inconclusive']} without a verdict)"
    )
    lines += findings(judged, "  ")
    if report.audit:
        lines.append(f"found by the jaxpr audit of the compiled programs (not by the static analysis): {len(report.audit)}")
        lines += audited(report.audit, "  ")
    if report.over_budget:
        lines += over_budget(report.over_budget, report.max_compiles)
    return "\n".join(lines) + "\n"
