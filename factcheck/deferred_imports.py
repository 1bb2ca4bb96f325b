"""Third-party package ``__init__`` files that run on first use instead of at import.

Importing LangGraph was most of a check's start-up, and much of it went to two package
``__init__`` files the check never uses:

- ``langsmith.types``: some 160 generated pydantic models of the LangSmith REST API.
  ``langchain_core``'s tracers import ``langsmith.run_trees`` at module level (tracing
  on or off), which imports one small submodule, ``langsmith.types.run_select_field``;
  Python runs the package's ``__init__`` first, and that imports every model.
- ``langgraph_sdk``: the client of a LangGraph server (httpx, websockets, streaming).
  ``langgraph.runtime`` needs one dataclass from ``langgraph_sdk.auth.types``; the
  package's ``__init__`` imports the whole client first.

``defer_package_init`` registers such a package as the real module object (its spec,
``__path__`` and ``__file__``), without running its ``__init__``: submodules import as
usual, and the first attribute the package lacks (``langsmith.types.Run``,
``langgraph_sdk.get_client``) runs the real ``__init__`` in place, then answers. So
nothing behaves differently, except that code which never asks does not pay.
``importlib.util.LazyLoader`` cannot do this for a package: importing a submodule reads
the parent's ``__path__``, and any attribute read makes it load.
"""
from __future__ import annotations

import importlib.util
import sys
import threading
import types
from typing import Any

# Packages whose __init__ is not needed by a check (see above); measured with
# `python -X importtime` and benchmarks/speed.py, figures in benchmarks/README.md.
CHECK_DEFERRED: tuple[str, ...] = ("langsmith.types", "langgraph_sdk")


class _DeferredPackage(types.ModuleType):
    """A package module whose ``__init__`` has not run yet (see the module docstring)."""

    def __getattr__(self, name: str) -> Any:
        # Only called for attributes the module lacks: __path__, __spec__ and the
        # submodules imported so far are in its dict and never come here.
        lock: threading.RLock | None = self.__dict__.get("_deferred_lock")
        if lock is None or (name.startswith("__") and name.endswith("__")):
            # copy, pickle and inspect probe dunders: no reason to run the __init__
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        with lock:  # another thread asking meanwhile waits here until the __init__ has run
            if self.__dict__.get("_deferred_running"):
                # asked by the __init__ itself (``from . import x`` probes first): as in
                # any import, a module part-way through its __init__ lacks the rest
                raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
            if type(self) is _DeferredPackage:
                spec = self.__spec__
                assert spec is not None and spec.loader is not None
                self.__dict__["_deferred_running"] = True
                try:
                    spec.loader.exec_module(self)
                finally:
                    del self.__dict__["_deferred_running"]
                self.__class__ = types.ModuleType  # from here on an ordinary module
                del self.__dict__["_deferred_lock"]
        return getattr(self, name)


def defer_package_init(name: str) -> bool:
    """Register package ``name`` without running its ``__init__`` until an attribute of
    it is needed. Does nothing (False) when it is imported already, is not installed, or
    is not a package."""
    if name in sys.modules:
        return False
    parent_name, _, child = name.rpartition(".")
    try:
        spec = importlib.util.find_spec(name)  # imports the parent package, as an import would
    except (ImportError, ValueError):
        return False
    if spec is None or spec.loader is None or spec.submodule_search_locations is None:
        return False
    if name in sys.modules:  # the parent's __init__ imported it meanwhile
        return False
    module = importlib.util.module_from_spec(spec)
    module.__dict__["_deferred_lock"] = threading.RLock()
    module.__class__ = _DeferredPackage
    sys.modules[name] = module
    if parent_name:
        setattr(sys.modules[parent_name], child, module)  # as the import system does
    return True


def defer_check_imports() -> None:
    """Before LangGraph is imported: the packages a check does not use (``CHECK_DEFERRED``)."""
    for name in CHECK_DEFERRED:
        defer_package_init(name)
