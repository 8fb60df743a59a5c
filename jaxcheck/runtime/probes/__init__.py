"""One experiment per band (design §5): purity (1xx), tracing (2xx), static arguments (3xx),
recompilation (4xx). Each takes a task and the loaded module and returns an Outcome."""
