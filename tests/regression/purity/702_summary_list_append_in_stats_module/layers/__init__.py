from .stats import compute_stats, summaries
