import jax

from recon_core import FistaCoreConfig, fista_tv_core_arrays


def reconstruction_stage(x, T_all, projections, cfg, L_prev):
    def _run_huber_fista_core():
        core_cfg = FistaCoreConfig(iters=int(cfg["recon_iters"]), L=float(L_prev))

        @jax.jit
        def run(x_in, T_in):
            return fista_tv_core_arrays(x_in, T_in, projections, core_cfg)

        x_core, loss = run(x, T_all)  # expect: JAX402
        return x_core, {"loss": [float(v) for v in list(loss)]}

    return _run_huber_fista_core()
