"""Every public function, class and method has a docstring (the API reference is built from them)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import wispwidget

SKIP_MODULES = {"wispwidget.search._build", "wispwidget.__main__"}  # (importing __main__ runs the command)


def public_objects():
    for info in pkgutil.walk_packages(wispwidget.__path__, "wispwidget."):
        if info.name in SKIP_MODULES:
            continue
        module = importlib.import_module(info.name)
        yield info.name, module
        for name, obj in vars(module).items():
            if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
                continue
            if inspect.isfunction(obj) or inspect.isclass(obj):
                yield f"{info.name}.{name}", obj
                if inspect.isclass(obj) and not issubclass(obj, Exception):
                    for attr, member in vars(obj).items():
                        if attr.startswith("_") or not (inspect.isfunction(member) or isinstance(member, property)):
                            continue
                        yield f"{info.name}.{name}.{attr}", member


def test_every_public_object_has_a_docstring():
    missing = [name for name, obj in public_objects() if not (inspect.getdoc(obj) or "").strip()]
    assert not missing, f"no docstring: {missing}"
