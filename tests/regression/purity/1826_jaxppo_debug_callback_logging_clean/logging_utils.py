LOGGED = []
SAVED = []


def log_variables(variables_to_log: dict) -> None:
    """Host-side logger (wandb.log in the original)."""
    LOGGED.append({k: float(v) for k, v in variables_to_log.items()})


def save_model(actor, index, save_folder="ckpts"):
    SAVED.append((save_folder, int(index)))
