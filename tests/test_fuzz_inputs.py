"""Fuzzed bad files and notebooks through the real command line: never a crash (exit 3) or an
internal error, every file that cannot be read or parsed is one JAX001 under the path the other
files are reported with, and the good files beside them are still checked.

The generator is seeded: a failure names the seed and the file, and reproduces.
"""

from __future__ import annotations

import json
import pathlib
import random
import subprocess
import sys

import pytest

JITTED_PRINT = "import jax\n\n@jax.jit\ndef f(x):\n    print(x)\n    return x\n"
CELL = "import jax\n@jax.jit\ndef g(x):\n    print(x)\n    return x\n"
POISON = ["\ud800", "\udfff", "\x00", "\x0c", "\r", "\u2028", "\ufeff", "(" * 300, "[" * 1200, "-" * 3000, "lambda: " * 1200]


def notebook_text(sources: list[str], extra: str = "") -> str:
    cells = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": s} for s in sources]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})[:-1] + extra + "}"


def bad_notebook(rng: random.Random) -> tuple[bytes, bool]:
    """A notebook's bytes, and whether it certainly cannot be read (else it may be partly checked)."""
    good = notebook_text([CELL, "x = 1\n"])
    kind = rng.randrange(12)
    if kind == 0:
        return good[: rng.randrange(1, len(good) - 1)].encode(), True  # truncated JSON
    if kind == 1:
        depth = rng.choice([200_000, 300_000])
        return notebook_text([CELL], f', "x": {"[" * depth}{"]" * depth}').encode(), True
    if kind == 2:
        return notebook_text([CELL], f', "n": {"9" * rng.randrange(4_000, 20_000)}').encode(), False
    if kind == 3:  # a lone surrogate escaped in a cell's source
        return notebook_text([CELL, "x = 1\n"]).replace("x = 1", "x = 1" + rng.choice(["\\ud800", "\\udc00"]), 1).encode(), False
    if kind == 4:
        return rng.choice([b"[]", b"42", b'"cells"', b"null", b'{"cells": 3}', b'{"cells": [1]}', b'{"worksheets": []}']), True
    if kind == 5:
        return good.replace('"source": "import', '"source": 5, "x": "import', 1).encode(), True
    if kind == 6:
        return b"\xff\xfe" + good.encode("utf-16-le"), True  # not UTF-8
    if kind == 7:
        data = bytearray(good.encode())
        data[rng.randrange(len(data))] = rng.choice([0x00, 0xFF, 0x80, ord("{"), ord('"')])
        return bytes(data), False
    if kind == 8:
        return notebook_text([CELL, "".join(rng.choice(POISON) for _ in range(3)) + "\n"]).encode(), False
    if kind == 9:
        return b"\xef\xbb\xbf" + good.encode(), False  # a byte-order mark
    if kind == 10:
        source = "import jax\n" + rng.choice(["x = (", "def f(:\n", "if x\n", "  y = 1\n", "return 1\n"])
        return notebook_text([CELL, source]).encode(), False
    return notebook_text([CELL], ', "metadata": {"kernelspec": {"language": ' + rng.choice(["3", "null", "[]"]) + "}}").encode(), False


def bad_python(rng: random.Random) -> tuple[bytes, bool]:
    """A .py file's bytes that name JAX, and whether it certainly cannot be parsed."""
    kind = rng.randrange(9)
    if kind == 0:
        return b"import jax\n" + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))) + b"\x00", True
    if kind == 1:
        return b"import jax\nx = '" + bytes([rng.choice([0xFF, 0xC3, 0x80, 0xED])]) + b"'\n", True
    if kind == 2:
        depth = rng.choice([1_200, 5_000, 20_000])
        operator = rng.choice([b"+", b"*", b" and ", b" if 1 else ", b"."])
        operand = rng.choice([b"a", b"isinstance(a, int)", b"a is None"]) if operator == b" and " else b"a"
        # A boolean chain is flat in Python's tree, and valid: it is checked (in linear time).
        return b"import jax\nx = " + operator.join([operand] * depth) + b"\n", operator != b" and "
    if kind == 3:
        depth = rng.choice([1_100, 3_000, 8_000])
        prefix = rng.choice([b"-", b"not ", b"lambda: ", b"await ", b"~"])
        return b"import jax\nx = " + prefix * depth + b"1\n", True
    if kind == 4:
        return b"import jax\nx = " + rng.choice([b"(", b"[", b"{"]) * rng.choice([201, 5_000]) + b"\n", True
    if kind == 5:
        return b"# -*- coding: " + rng.choice([b"no-such-codec", b"utf-16", b"\xff"]) + b" -*-\nimport jax\n", True
    if kind == 6:
        source = JITTED_PRINT.encode()
        cut = rng.randrange(len(source))
        return source[:cut] + rng.choice([b"(", b"def (:", b"\x00", b"\xff", b"\t  \t", b"'''"]) + source[cut:], False
    if kind == 7:
        return b"import jax\n" + b"".join(b" " * i + b"if x:\n" for i in range(rng.choice([101, 150]))) + b" " * 200 + b"pass\n", True
    return b"import jax\n" + b"x = 1\r" * rng.randrange(1, 5) + b"\x0cy = 2\n" + b"z = [" + b"1, " * rng.randrange(2_000, 6_000) + b"]\n", False


def fuzz(root: pathlib.Path, seed: int, count: int, jobs: str) -> None:
    rng = random.Random(seed)
    (root / "good.py").write_text(JITTED_PRINT)
    (root / "good.ipynb").write_text(notebook_text([CELL]))
    certain: set[str] = set()
    generated = []
    for index in range(count):
        name, (data, cannot_be_read) = (
            (f"bad_{index:03d}.ipynb", bad_notebook(rng)) if rng.random() < 0.5 else (f"bad_{index:03d}.py", bad_python(rng))
        )
        (root / "sub").mkdir(exist_ok=True)
        (root / "sub" / name).write_bytes(data)
        generated.append(f"sub/{name}")
        if cannot_be_read:
            certain.add(f"sub/{name}")
    result = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "check", "--no-cache", "--format", "json", f"--jobs={jobs}", "."],
        cwd=root, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 2, f"seed {seed}: exit {result.returncode}\n{result.stderr[-3000:]}"
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    document = json.loads(result.stdout)
    errors = {e["path"]: e for e in document["errors"]}
    assert {e["code"] for e in errors.values()} == {"JAX001"}, [e for e in errors.values() if e["code"] != "JAX001"]
    assert certain <= set(errors), f"seed {seed}: not reported: {sorted(certain - set(errors))}"
    assert set(errors) <= set(generated), f"seed {seed}: paths not as given: {sorted(set(errors) - set(generated))}"
    assert all(error["message"] for error in errors.values())
    found = {(d["path"], d["code"]) for d in document["diagnostics"]}
    assert {("good.py", "JAX101"), ("good.ipynb", "JAX101")} <= found
    assert all(path in {"good.py", "good.ipynb", *generated} for path, _ in found)
    assert document["files_checked"] == count + 2


def test_fuzzed_bad_files_never_crash_and_are_each_reported(tmp_path):
    fuzz(tmp_path, seed=20261126, count=30, jobs="1")


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_more_fuzzed_bad_files_in_worker_processes(tmp_path, seed):
    fuzz(tmp_path, seed=seed, count=300, jobs="2")
