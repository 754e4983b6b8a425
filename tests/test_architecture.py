"""The shape of the house: project imports form no cycle (lazy imports included) and run one way:
http -> pipeline -> backends -> extract -> the contract; data and stage scripts sit on top."""

import ast
from pathlib import Path

from tests.conftest import ROOT

PACKAGES = ("service", "addrdata", "finetune", "bench")
# Lower rank = lower floor; a module may import only modules of its own rank or lower.
RANKS = [
    (0, ("service.errors", "service.schema", "service.settings", "service.model_contract", "service.tiny_model",
         "service.engine_sizing", "service.logs")),
    (1, ("service.extract",)),
    (2, ("service.backends", "service.review", "service.finish")),
    (3, ("service.pipeline",)),
    (4, ("service.app", "service.metrics", "service.__main__", "service")),
    (5, ("addrdata",)),
    (6, ("finetune", "bench")),
]


def module_files() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Project modules `name` imports anywhere in its body (top level, functions, branches)."""
    is_package = path.name == "__init__.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        else:
            continue
        found |= {t for t in targets if t in modules and t != name}
    return found


def graph() -> dict[str, set[str]]:
    modules = module_files()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def rank(module: str) -> int:
    best = None
    for value, prefixes in RANKS:
        for prefix in prefixes:
            if module == prefix or module.startswith(prefix + "."):
                if best is None or len(prefix) > best[0]:
                    best = (len(prefix), value)
    assert best is not None, f"{module} has no place in the layering"
    return best[1]


def test_no_import_cycle():
    edges = graph()
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                raise AssertionError("import cycle: " + " -> ".join(stack[stack.index(nxt):] + [nxt]))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)


def test_imports_run_one_way():
    wrong = [f"{a} -> {b}" for a, targets in graph().items() for b in targets if rank(b) > rank(a)]
    assert not wrong, wrong


def test_the_checker_sees_a_cycle_and_a_lazy_import(tmp_path):
    """The checker itself must be able to fail: a lazy import inside a function counts."""
    modules = {"service.a": tmp_path / "a.py", "service.b": tmp_path / "b.py"}
    modules["service.a"].write_text("from .b import x\n")
    modules["service.b"].write_text("def f():\n    from .a import y\n")
    assert imports_of("service.a", modules["service.a"], modules) == {"service.b"}
    assert imports_of("service.b", modules["service.b"], modules) == {"service.a"}
