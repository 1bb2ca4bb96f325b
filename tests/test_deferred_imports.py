"""Package __init__s deferred until first use: submodules import without running the
__init__, the first missing attribute runs it in place, and a check's process never
loads the LangSmith REST models or the LangGraph server client."""
from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from factcheck.deferred_imports import defer_package_init


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A throwaway package whose __init__ counts its runs and imports a costly submodule."""
    root = tmp_path / "deferpkg"
    root.mkdir()
    (root / "__init__.py").write_text(textwrap.dedent("""
        import time
        RUNS = globals().get("RUNS", 0) + 1
        time.sleep(0.05)  # long enough for a second thread to arrive meanwhile
        from . import heavy
        from .heavy import VALUE
    """))
    (root / "heavy.py").write_text("VALUE = 'heavy'\n")
    (root / "light.py").write_text("from dataclasses import dataclass\n\n@dataclass\nclass User:\n    name: str\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "deferpkg"
    for name in [n for n in sys.modules if n == "deferpkg" or n.startswith("deferpkg.")]:
        del sys.modules[name]


def test_a_submodule_imports_without_the_package_init(package: str):
    assert defer_package_init(package)
    from deferpkg.light import User  # what langgraph.runtime does with langgraph_sdk.auth.types

    assert User("a").name == "a"
    assert "deferpkg.heavy" not in sys.modules
    assert "RUNS" not in vars(sys.modules[package])


def test_the_first_missing_attribute_runs_the_init_once(package: str):
    defer_package_init(package)
    import deferpkg

    assert deferpkg.VALUE == "heavy"  # ran __init__, then answered
    assert deferpkg.RUNS == 1
    assert "deferpkg.heavy" in sys.modules
    assert type(deferpkg) is type(sys)  # an ordinary module from here on
    with pytest.raises(AttributeError):
        deferpkg.missing  # noqa: B018 - a real miss is still a miss
    assert deferpkg.RUNS == 1


def test_dunder_probes_do_not_run_the_init(package: str):
    defer_package_init(package)
    import deferpkg

    assert not hasattr(deferpkg, "__wrapped__")
    assert deferpkg.__path__ and deferpkg.__spec__ is not None
    assert "RUNS" not in vars(deferpkg)


def test_two_threads_asking_at_once_run_the_init_once(package: str):
    defer_package_init(package)
    import deferpkg

    seen: list[str] = []
    threads = [threading.Thread(target=lambda: seen.append(deferpkg.VALUE)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == ["heavy"] * 4
    assert deferpkg.RUNS == 1


def test_an_imported_or_missing_package_is_left_alone(package: str):
    import deferpkg  # noqa: F401 - imported the ordinary way first

    assert not defer_package_init(package)
    assert not defer_package_init("no_such_package_anywhere")
    assert not defer_package_init("json.decoder")  # a module, not a package


def test_a_check_loads_neither_the_langsmith_models_nor_the_server_client():
    """In a fresh process: import the graph and build it, then ask for what was deferred."""
    script = textwrap.dedent("""
        import sys
        import factcheck.graph
        factcheck.graph.build_graph(None)
        print(sorted(m for m in ("langsmith.types.run", "langgraph_sdk.client") if m in sys.modules))
        import langsmith.types, langgraph_sdk
        print(langsmith.types.Run.__name__, langgraph_sdk.get_client.__name__)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["[]", "Run get_client"]
