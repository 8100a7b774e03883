"""The rule core and the browser bridge are separate: the bridge imports the core, never the reverse, and no
module of the engine imports another that imports it back (a cycle makes import order matter)."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, known: set[str]) -> set[str]:
    """The engine modules ``path`` imports at any level (a late import inside a function counts too)."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            names = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        found.update(name for name in names if name in known)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = sorted(ENGINE.rglob("*.py"))
    known = {module_name(path) for path in paths}
    return {module_name(path): imported_modules(path, known) - {module_name(path)} for path in paths}


# The layers above the core, which the core never imports: the bridge, and the puzzles, which explain a move
# with the hint's reason (engine/bridge/hint_reasons.py).
ABOVE_THE_BRIDGE = ("engine.bridge", "engine.puzzles")


def test_core_never_imports_the_bridge():
    offenders = {module: sorted(name for name in imports if name.startswith("engine.bridge"))
                 for module, imports in import_graph().items() if not module.startswith(ABOVE_THE_BRIDGE)}
    assert {module: names for module, names in offenders.items() if names} == {}


def test_engine_has_no_import_cycles():
    graph = import_graph()
    # A package imports its own submodules in __init__; that edge is not a cycle in use.
    edges = {module: {name for name in imports if not (module.count(".") < name.count(".") and
                                                        name.startswith(module + "."))}
             for module, imports in graph.items()}
    cycles, state = [], {}

    def visit(module: str, trail: list[str]) -> None:
        state[module] = "open"
        for name in sorted(edges.get(module, ())):
            if state.get(name) == "open":
                cycles.append(trail[trail.index(name):] + [name])
            elif name not in state:
                visit(name, trail + [name])
        state[module] = "done"

    for module in sorted(edges):
        if module not in state:
            visit(module, [module])
    assert cycles == []


def test_the_import_graph_sees_the_bridge():
    # guards the two tests above against a graph that finds nothing
    graph = import_graph()
    assert "engine.match" in graph["engine.bridge.game_session"]
    assert "engine.bridge.game_methods" in graph["engine.bridge.dispatch"]
