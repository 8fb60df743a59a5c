def run_tool(name, turn):
    # tool results come back with unpredictable lengths
    return [(turn * 7 + i) % 60 + 1 for i in range(3 + 4 * turn)]
