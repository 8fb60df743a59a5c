"""Which memory caps let jax start on CPU, and which still stop a large allocation.

    python bench/memory_cap_probe.py [MIB ...]      (KINDS="RLIMIT_AS RLIMIT_DATA" by default)

For each cap kind and size a child process sets the cap, imports jax with JAX_PLATFORMS=cpu,
runs a small jitted sum, then allocates more than the cap with NumPy. The validator caps its
CPU workers with the kind that lets jax start everywhere and still stops the allocation.

Measured 2026-11-28:
- this machine (2 cores, jax 0.10.2 CPU only): RLIMIT_AS 256 MiB fails to import, 512/1024 MiB
  segfault, 1536 MiB and up run; RLIMIT_DATA 128 MiB MemoryError, 192 MiB aborts, 256 MiB and up
  run; every cap that runs stops the large allocation with MemoryError.
- an H100 machine (16 cores, jax 0.11.2 with the CUDA 13 plugin, JAX_PLATFORMS=cpu): RLIMIT_AS
  2048 and 4096 MiB abort (SIGABRT) during start, 16384 MiB runs; RLIMIT_DATA 2048-65536 MiB run
  and stop the allocation. `jaxcheck validate --device cpu` with the old 4096 MiB address-space
  cap gave 45 of 45 findings inconclusive there ("the worker process ended while importing the
  module (killed by SIGABRT)"); `--device gpu` confirmed 38 of 45 as on this machine's CPU.
"""

import os
import subprocess
import sys

CHILD = r'''
import resource, sys
kind, mb = sys.argv[1], int(sys.argv[2])
limit = mb << 20
resource.setrlimit(getattr(resource, kind), (limit, limit))
import jax, jax.numpy as jnp
print("devices", jax.devices(), float(jax.jit(jnp.sum)(jnp.ones(3))), flush=True)
import numpy as np
try:
    np.ones((mb + 512) << 17)  # (mb + 512) MiB of float64
    print("large allocation: succeeded", flush=True)
except MemoryError:
    print("large allocation: MemoryError", flush=True)
'''


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [256, 1536, 4096, 16384]
    kinds = os.environ.get("KINDS", "RLIMIT_AS RLIMIT_DATA").split()
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    for kind in kinds:
        for mb in sizes:
            done = subprocess.run([sys.executable, "-c", CHILD, kind, str(mb)], env=env, capture_output=True, text=True, timeout=120)
            out = " / ".join(done.stdout.strip().splitlines())
            err = done.stderr.strip().splitlines()[-1:] if done.returncode else []
            print(f"{kind} {mb} MiB: exit {done.returncode} | {out} | {' '.join(err)[:200]}", flush=True)


if __name__ == "__main__":
    main()
