# Run-time knobs shared by the training script (edited by the schedule in main.py).
extra_learning_rate = 0.1
