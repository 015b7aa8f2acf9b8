"""Load and dump plans: each schema compiled, once, into straight-line Python for the common case.

marshmallow interprets a schema on every call: per field a getter closure, an error store, the
missing/null checks, an `And` of the validators built anew, the hooks looked up by tag. On
the hot path of every request that costs more than the rules' own work. A plan does the same
steps with all those decisions taken at compile time, from the schema's own fields, validators
and hooks: nothing is written twice, and a schema that changes changes its plan.

Loading: a plan either returns exactly what `Schema.load` returns, or raises `Unsure` and
`Schema.load` runs as usual. It raises `Unsure` at the first thing it does not vouch for (a
wrong type, a missing or unknown key, a value a validator refuses, a field or hook it does
not know), so it is never looser than marshmallow, and every error is phrased by marshmallow,
in its place. Dumping: a plan returns exactly what `Schema.dump` returns. Tests compare both
with marshmallow's own paths (tests/api/test_plans.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

import marshmallow as ma
from marshmallow.decorators import (
    POST_DUMP,
    POST_LOAD,
    PRE_DUMP,
    PRE_LOAD,
    VALIDATES,
    VALIDATES_SCHEMA,
)
from marshmallow.utils import ensure_text_type

MISSING: Final = ma.missing
WHOLE: Final = object()  # in a dump step: the field reads the whole object, not an attribute
# How a dump plan writes a nested field in place (`_written`): `{f}` the nested plan, `{v}` the
# value.
NESTED: Final = "None if {v} is None else {f}({v})"
EACH: Final = "None if {v} is None else [{f}(each) for each in {v}]"

Convert = Callable[[Any], Any]


class Unsure(Exception):
    """The plan does not vouch for this input: marshmallow's own `load` decides."""


class Refuse(Exception):
    """A schema (or field) the planner does not know well enough to compile."""


# --- loading ---------------------------------------------------------------------------------


def load_plan(schema: ma.Schema) -> Convert:
    """`schema.load(data)` for the data the plan vouches for; raises `Unsure` otherwise.
    Raises `Refuse` when the schema uses something the planner does not compile."""
    hooks = schema._hooks
    if hooks[PRE_LOAD] or hooks[VALIDATES_SCHEMA] or hooks[VALIDATES]:
        raise Refuse(f"{type(schema).__name__}: pre_load or validators")
    if schema.many or schema.partial or schema.unknown != ma.RAISE:
        raise Refuse(f"{type(schema).__name__}: many, partial or unknown")
    post_load = tuple(_processor(schema, hook) for hook in hooks[POST_LOAD])
    steps = []
    for name, field in schema.load_fields.items():
        attribute = field.attribute or name
        if "." in attribute:
            raise Refuse(f"{type(schema).__name__}.{name}: dotted attribute")
        key = field.data_key if field.data_key is not None else name
        steps.append((key, attribute, field.required, field.load_default, _field_loader(field)))
    known = frozenset(key for key, *_ in steps)
    read = _read(steps)

    def load(data: Any) -> Any:
        if type(data) is not dict or not known.issuperset(data):
            raise Unsure
        result = read(data)
        for process in post_load:
            try:
                result = process(result, many=False, partial=None, unknown=ma.RAISE)
            except ma.ValidationError:
                raise Unsure from None
        return result

    return load


def _read(steps: list[tuple[str, str, bool, Any, Convert]]) -> Convert:
    """The steps of a load plan as one Python function, written out field by field: a body's
    fields read with no loop and no step unpacked."""
    names: dict[str, Any] = {"MISSING": MISSING, "Unsure": Unsure}
    lines = ["def read(data):", "    result = {}"]
    for index, (key, attribute, required, default, convert) in enumerate(steps):
        names[f"c{index}"], names[f"d{index}"] = convert, default
        lines += [f"    value = data.get({key!r}, MISSING)", "    if value is MISSING:"]
        if required:
            lines.append("        raise Unsure")
        elif default is MISSING:
            lines.append("        pass")
        else:
            made = f"d{index}()" if callable(default) else f"d{index}"
            lines.append(f"        result[{attribute!r}] = {made}")
        lines += ["    else:", f"        result[{attribute!r}] = c{index}(value)"]
    lines.append("    return result")
    exec(compile("\n".join(lines), "<load plan>", "exec"), names)
    return names["read"]  # type: ignore[no-any-return]


def _processor(schema: ma.Schema, hook: tuple[str, bool, dict[str, Any]]) -> Callable[..., Any]:
    name, pass_collection, options = hook
    if pass_collection or options.get("pass_original"):
        raise Refuse(f"{type(schema).__name__}.{name}: pass_collection or pass_original")
    return getattr(schema, name)  # type: ignore[no-any-return]


def _field_loader(field: ma.fields.Field) -> Convert:
    """A present value (not `missing`) to its loaded form, as `field.deserialize` does."""
    if field.pre_load or field.post_load:
        raise Refuse(f"{field.name}: field pre_load or post_load")
    convert = _converter(field)
    validators = tuple(field.validators)
    allow_none = field.allow_none

    def load(value: Any) -> Any:
        if value is None:
            if allow_none:
                return None
            raise Unsure
        output = convert(value)
        for validate in validators:
            try:
                if validate(output) is False:
                    raise Unsure
            except ma.ValidationError:
                raise Unsure from None
        return output

    return load


def _converter(field: ma.fields.Field) -> Convert:
    """`field._deserialize` for a value that is neither missing nor null. A field class of our
    own brings its converter (`load_converter()`); marshmallow's are known here."""
    own = getattr(field, "load_converter", None)
    if own is not None:
        return own()  # type: ignore[no-any-return]
    if type(field) is ma.fields.String:
        return exactly(str)
    if type(field) is ma.fields.List:
        return list_loader(field.inner)
    if type(field) is ma.fields.Nested:
        if field.unknown is not None or field.only or field.exclude:
            raise Refuse(f"{field.name}: nested unknown, only or exclude")
        load = load_plan(field.schema)
        if field.schema.many or field.many:

            def many(value: Any) -> Any:
                if type(value) is not list:
                    raise Unsure
                return [load(each) for each in value]

            return many
        return load
    raise Refuse(f"{field.name}: {type(field).__name__}")


def list_loader(inner: ma.fields.Field, longest: int | None = None) -> Convert:
    """A JSON list of at most `longest` items, each loaded by `inner`, as `List` loads it."""
    item = _field_loader(inner)

    def items(value: Any) -> Any:
        if type(value) is not list or (longest is not None and len(value) > longest):
            raise Unsure
        return [item(each) for each in value]

    return items


def list_dumper(inner: ma.fields.Field) -> Convert:
    """A list (or None) dumped item by item by `inner`, as `List` dumps it."""
    item = _field_dumper(inner)
    dump = lambda value: None if value is None else [item(each) for each in value]  # noqa: E731
    dump.inline = _each(item)  # type: ignore[attr-defined]
    return dump


def _each(item: Convert) -> tuple[str, Convert] | None:
    """How a plan writes out a list of `item`s in place (`_written`): for nested objects,
    their own plan called on each; else None."""
    nested = getattr(item, "inline", None)
    if nested is None or nested[0] != NESTED:
        return None
    return (
        "None if {v} is None else [None if each is None else {f}(each) for each in {v}]",
        nested[1],
    )


def exactly(kind: type) -> Convert:
    """A JSON value of exactly this type, loaded as itself (`true` is no integer)."""

    def check(value: Any) -> Any:
        if type(value) is not kind:
            raise Unsure
        return value

    return check


# --- dumping ---------------------------------------------------------------------------------


def dump_plan(schema: ma.Schema) -> Convert:
    """`schema.dump(obj)` for one object. Raises `Refuse` for what it does not compile."""
    hooks = schema._hooks
    if schema.many:
        raise Refuse(f"{type(schema).__name__}: many")
    pre_dump = tuple(_processor(schema, hook) for hook in hooks[PRE_DUMP])
    post_dump = tuple(_processor(schema, hook) for hook in hooks[POST_DUMP])
    plain = type(schema).get_attribute is ma.Schema.get_attribute
    get_attribute = schema.get_attribute
    steps = []
    for name, field in schema.dump_fields.items():
        attribute = field.attribute or name
        key = field.data_key if field.data_key is not None else name
        if not field._CHECK_ATTRIBUTE:  # a field of the whole object (Function, Constant)
            steps.append((key, name, WHOLE, field._serialize))
            continue
        if plain and "." in attribute:
            raise Refuse(f"{type(schema).__name__}.{name}: dotted attribute")
        steps.append((key, attribute, field.dump_default, _field_dumper(field)))
    if not plain:
        return _interpreted(tuple(steps), get_attribute, pre_dump, post_dump)
    by_key, by_attribute = _written(steps, "obj.get"), _written(steps, "getattr")
    writers: dict[type, Convert] = {}  # by the object's type: its values read as keys or not

    def dump(obj: Any) -> Any:
        for process in pre_dump:
            obj = process(obj, many=False)
        kind = type(obj)
        write = writers.get(kind)
        if write is None:
            write = writers[kind] = by_key if isinstance(obj, Mapping) else by_attribute
        result = write(obj)
        for process in post_dump:
            result = process(result, many=False)
        return result

    return dump


def _written(steps: list[tuple[str, str, Any, Any]], read: str) -> Convert:
    """The steps of a plan as one Python function, written out field by field (`read`:
    `obj.get` for a mapping, `getattr` for an object): no loop, no step unpacked, no
    decision left to take at run time but a value missing."""
    names: dict[str, Any] = {"MISSING": MISSING}
    lines = ["def write(obj):", "    result = {}"]
    for index, (key, attribute, default, convert) in enumerate(steps):
        names[f"c{index}"], names[f"d{index}"] = convert, default
        if default is WHOLE:
            lines.append(f"    result[{key!r}] = c{index}(None, {attribute!r}, obj)")
            continue
        value = "value" if convert is identity else f"c{index}(value)"
        inline = getattr(convert, "inline", None)
        if inline is not None:  # a nested object, or a list of them: its own plan, called here
            template, names[f"c{index}"] = inline
            value = template.format(f=f"c{index}", v="value")
        if read == "getattr":
            lines.append(f"    value = getattr(obj, {attribute!r}, MISSING)")
        else:
            lines.append(f"    value = obj.get({attribute!r}, MISSING)")
        if default is MISSING:
            lines += ["    if value is not MISSING:", f"        result[{key!r}] = {value}"]
            continue
        made = f"d{index}()" if callable(default) else f"d{index}"
        lines += ["    if value is MISSING:", f"        value = {made}"]
        lines.append(f"    result[{key!r}] = {value}")
    lines.append("    return result")
    exec(compile("\n".join(lines), f"<dump plan: {read}>", "exec"), names)
    return names["write"]  # type: ignore[no-any-return]


def _interpreted(
    plan: tuple[tuple[str, str, Any, Any], ...],
    get_attribute: Callable[[Any, str, Any], Any],
    pre_dump: tuple[Callable[..., Any], ...],
    post_dump: tuple[Callable[..., Any], ...],
) -> Convert:
    """The plan of a schema that reads its objects its own way (`get_attribute`), step by
    step."""

    def dump(obj: Any) -> Any:
        for process in pre_dump:
            obj = process(obj, many=False)
        result = {}
        for key, attribute, default, convert in plan:
            if default is WHOLE:
                result[key] = convert(None, attribute, obj)
                continue
            value = get_attribute(obj, attribute, MISSING)
            if value is MISSING:
                if default is MISSING:
                    continue
                value = default() if callable(default) else default
            result[key] = convert(value)
        for process in post_dump:
            result = process(result, many=False)
        return result

    return dump


def identity(value: Any) -> Any:
    """A value dumped as itself (`Boolean`, `Raw`)."""
    return value


def _field_dumper(field: ma.fields.Field) -> Convert:
    """`field._serialize(value)` for a value read from the object (None included). A field
    class of our own brings its dumper (`dump_converter()`); marshmallow's are known here."""
    own = getattr(field, "dump_converter", None)
    if own is not None:
        return own()  # type: ignore[no-any-return]
    kind = type(field)
    if kind is ma.fields.Integer and not field.as_string:
        return lambda value: None if value is None else int(value)
    if kind in (ma.fields.Boolean, ma.fields.Raw):
        return identity
    if kind is ma.fields.String:
        return lambda value: None if value is None else ensure_text_type(value)
    if kind is ma.fields.List:
        return list_dumper(field.inner)
    if kind is ma.fields.Nested:
        if field.only or field.exclude:
            raise Refuse(f"{field.name}: nested only or exclude")
        dump = dump_plan(field.schema)
        if field.schema.many or field.many:
            many = lambda value: None if value is None else [dump(each) for each in value]  # noqa: E731
            many.inline = (EACH, dump)  # type: ignore[attr-defined]
            return many
        one = lambda value: None if value is None else dump(value)  # noqa: E731
        one.inline = (NESTED, dump)  # type: ignore[attr-defined]
        return one
    raise Refuse(f"{field.name}: {type(field).__name__}")
