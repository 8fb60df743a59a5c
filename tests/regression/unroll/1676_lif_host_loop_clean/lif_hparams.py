_dt = 0.1
_t_max = 20.0
_tau_m = 10.0
_V_reset = 0.0
_V_thresh = 1.0
_R = 1.0
num_simulations = 2
