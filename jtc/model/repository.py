"""All classes seen during a run, and the id maps of the JVM that is currently running them.

Worker JVMs number classes and methods in the order they meet them, and a replaced worker numbers
them afresh. Class and method objects stay the same for the whole run (search state refers to
them); only the id map is rebuilt per JVM generation.
"""

from __future__ import annotations

from jtc.model.classtable import ClassInfo, MethodInfo, parse_class_table


class ClassRepository:
    def __init__(self) -> None:
        self._classes: dict[str, ClassInfo] = {}
        self._methods_by_id: dict[int, MethodInfo] = {}
        self._generation = -1
        self._field_keys: dict[tuple[str, str], str] = {}

    def add_tables(self, tables: list[str], generation: int) -> list[ClassInfo]:
        """Register class tables reported by the JVM of `generation`; returns their ClassInfos."""
        if generation != self._generation:
            self._methods_by_id.clear()
            self._generation = generation
        added = []
        for text in tables:
            parsed = parse_class_table(text)
            info = self._classes.setdefault(parsed.info.name, parsed.info)
            for method_id, method in zip(parsed.method_ids, info.methods):
                self._methods_by_id[method_id] = method
            added.append(info)
        return added

    def method_by_id(self, method_id: int) -> MethodInfo:
        return self._methods_by_id[method_id]

    def get(self, internal_name: str) -> ClassInfo | None:
        return self._classes.get(internal_name)

    def __contains__(self, internal_name: str) -> bool:
        return internal_name in self._classes

    def names(self) -> list[str]:
        """The classes whose tables the JVM reported (the ones it instrumented), by internal name."""
        return sorted(self._classes)

    def is_subclass(self, name: str, ancestor: str) -> bool:
        """True when `ancestor` is `name` or one of its known superclasses/interfaces."""
        seen: set[str] = set()
        pending = [name]
        while pending:
            current = pending.pop()
            if current == ancestor:
                return True
            if current in seen:
                continue
            seen.add(current)
            info = self._classes.get(current)
            if info is not None:
                if info.super_name:
                    pending.append(info.super_name)
                pending.extend(info.interfaces)
        return False

    def field_key(self, owner: str, name: str) -> str:
        """A key naming one field however an instruction refers to it ('Sub.x' and 'Base.x' alike).

        Cached: an instruction can only run once its class and superclasses are loaded, so the
        declaring class is known at the first lookup."""
        key = self._field_keys.get((owner, name))
        if key is None:
            key = self._field_keys[(owner, name)] = f"{self.resolve_field_owner(owner, name)}.{name}"
        return key

    def resolve_field_owner(self, owner: str, name: str) -> str:
        """The class that declares field `name` as seen from `owner` (fields are inherited)."""
        current: str | None = owner
        while current is not None:
            info = self._classes.get(current)
            if info is None:
                return current
            if any(f.name == name for f in info.fields):
                return current
            for interface in info.interfaces:
                interface_info = self._classes.get(interface)
                if interface_info and any(f.name == name for f in interface_info.fields):
                    return interface
            current = info.super_name
        return owner
