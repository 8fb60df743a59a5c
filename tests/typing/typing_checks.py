"""What the typing tests check: the typing data files and the example, in two environments."""

from __future__ import annotations

import sys
from pathlib import Path

# The checker helpers live with the stub tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "stubs"))
from stub_checkers import TYPING_FILES  # noqa: E402

EXAMPLE = TYPING_FILES[-1]
# The typing module must serve users with jax alone and users with jaxcheck's jax stubs.
ENVIRONMENTS = ("jax", "jax+stubs")


def typing_files() -> list[Path]:
    return list(TYPING_FILES)
