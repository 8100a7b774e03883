import sys
from pathlib import Path

# The build package (scripts.sitebuild) and the engine live at the repository root; the helpers beside this file.
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
