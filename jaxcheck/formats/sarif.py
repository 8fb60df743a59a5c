"""SARIF 2.1.0, for GitHub code scanning and other SARIF viewers."""

from __future__ import annotations

import json
import os
import pathlib
from typing import Any

from .. import __version__
from ..api import CheckResult
from ..diagnostics import Diagnostic
from ..rules import all_rules

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/jaxcheck/"


def render(result: CheckResult) -> str:
    rules = all_rules()
    index = {rule.CODE: position for position, rule in enumerate(rules)}
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "jaxcheck",
                "version": __version__,
                "informationUri": INFORMATION_URI,
                "rules": [_rule(rule) for rule in rules],
            }
        },
        "results": [_result(d, index) for d in result.diagnostics],
        "invocations": [
            {
                "executionSuccessful": not result.errors,
                "toolExecutionNotifications": [
                    {
                        "level": "error",
                        "message": {"text": f"{error.code} {error.message}"},
                        "locations": [{"physicalLocation": {"artifactLocation": {"uri": _uri(error.path)}}}],
                    }
                    for error in result.errors
                ],
            }
        ],
    }
    return json.dumps({"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2) + "\n"


# SARIF's levels for jaxcheck's severities.
LEVELS = {"error": "error", "warning": "warning", "info": "note"}


def _rule(rule) -> dict[str, Any]:
    return {
        "id": rule.CODE,
        "name": rule.NAME,
        "shortDescription": {"text": rule.summary()},
        "fullDescription": {"text": rule.docs()},
        "help": {"text": rule.docs(), "markdown": rule.docs()},
        "defaultConfiguration": {"level": LEVELS[rule.SEVERITY]},
    }


def _result(diagnostic: Diagnostic, index: dict[str, int]) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": diagnostic.code,
        "ruleIndex": index.get(diagnostic.code, 0),
        "level": LEVELS[diagnostic.severity],
        "message": {"text": diagnostic.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": _uri(diagnostic.path)},
                    "region": {
                        "startLine": diagnostic.line,
                        "startColumn": diagnostic.column,
                        "endLine": diagnostic.end_line,
                        "endColumn": diagnostic.end_column,
                    },
                }
            }
        ],
    }
    if diagnostic.fix is not None:
        result["fixes"] = [
            {
                "description": {"text": diagnostic.fix.title},
                "artifactChanges": [
                    {
                        "artifactLocation": {"uri": _uri(diagnostic.path)},
                        "replacements": [
                            {
                                "deletedRegion": {
                                    "startLine": e.line, "startColumn": e.column,
                                    "endLine": e.end_line, "endColumn": e.end_column,
                                },
                                "insertedContent": {"text": e.replacement},
                            }
                            for e in diagnostic.fix.edits
                        ],
                    }
                ],
            }
        ]
    properties: dict[str, Any] = {}
    if diagnostic.validation is not None:
        properties["validation"] = vars(diagnostic.validation)
    if diagnostic.cell is not None:
        # Notebooks: the region's lines and columns are within this cell (1-based, all cells counted).
        properties["cell"] = diagnostic.cell
    if properties:
        result["properties"] = properties
    return result


def _uri(path: str) -> str:
    """A relative URI for files under the working directory, a file URI otherwise."""
    absolute = pathlib.Path(path).resolve()
    try:
        return absolute.relative_to(pathlib.Path(os.getcwd()).resolve()).as_posix()
    except ValueError:
        return absolute.as_uri()
