"""help() on every public function, class and method shows an example."""

import inspect

import bel_pyramid as bp


def public_callables():
    for name in bp.__all__:
        obj = getattr(bp, name)
        yield name, obj
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if attr.startswith("_"):
                    continue
                if isinstance(member, property) and member.fget.__name__ == "<lambda>":
                    continue  # one-line geometry values, documented by their doc
                yield f"{name}.{attr}", member.fget if isinstance(member, property) else member


def test_every_public_callable_has_an_example():
    missing = []
    for name, obj in public_callables():
        if isinstance(obj, (classmethod, staticmethod)):
            obj = obj.__func__
        if not callable(obj) and not inspect.isfunction(obj):
            continue
        doc = inspect.getdoc(obj) or ""
        if ">>>" not in doc:
            missing.append(name)
    assert not missing, f"no example in the docstring of: {', '.join(missing)}"
