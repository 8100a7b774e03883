import os
import sys

# The bridge's tests build positions with the engine tests' helpers (tests/engine/helpers.py).
sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "engine")))
sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
