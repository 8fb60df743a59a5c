"""Line events of a statement spanning two lines, on the Python running this (measured with 3.11.7):
the target line `(a,` fires again after the call on the next line returns, so counting line
events counts the statement twice; the first event's instruction offset marks each execution.

    python bench/line_events_probe.py   # prints [(3, 'line', offset), ...] per call
"""
import sys


def f(x):
    (a,
     b) = divmod(x, 2)
    return a + b


def main() -> None:
    events = []

    def local(frame, event, arg):  # noqa: ANN001, ANN202
        if event == "line":
            events.append((frame.f_lineno - f.__code__.co_firstlineno, frame.f_lasti))
        return local

    sys.settrace(lambda frame, event, arg: local if frame.f_code is f.__code__ else None)
    f(5)
    f(7)
    sys.settrace(None)
    print(sys.version.split()[0], events)


if __name__ == "__main__":
    main()
