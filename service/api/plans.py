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
    plan = tuple(steps)

    def load(data: Any) -> Any:
        if type(data) is not dict or not known.issuperset(data):
            raise Unsure
        result = {}
        for key, attribute, required, default, convert in plan:
            value = data.get(key, MISSING)
            if value is MISSING:
                if required:
                    raise Unsure
                if default is not MISSING:
                    result[attribute] = default() if callable(default) else default
            else:
                result[attribute] = convert(value)
        for process in post_load:
            try:
                result = process(result, many=False, partial=None, unknown=ma.RAISE)
            except ma.ValidationError:
                raise Unsure from None
        return result

    return load


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
    return lambda value: None if value is None else [item(each) for each in value]


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
    plan = tuple(steps)
    kinds: dict[type, bool] = {}  # whether values are read as keys, by the object's type

    def dump(obj: Any) -> Any:
        for process in pre_dump:
            obj = process(obj, many=False)
        result = {}
        kind = type(obj)
        mapping = kinds.get(kind)
        if mapping is None:
            mapping = kinds[kind] = plain and isinstance(obj, Mapping)
        for key, attribute, default, convert in plan:
            if default is WHOLE:
                result[key] = convert(None, attribute, obj)
                continue
            if mapping:
                value = obj.get(attribute, MISSING)
            elif plain:
                value = getattr(obj, attribute, MISSING)
            else:
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
        return lambda value: value
    if kind is ma.fields.String:
        return lambda value: None if value is None else ensure_text_type(value)
    if kind is ma.fields.List:
        return list_dumper(field.inner)
    if kind is ma.fields.Nested:
        if field.only or field.exclude:
            raise Refuse(f"{field.name}: nested only or exclude")
        dump = dump_plan(field.schema)
        if field.schema.many or field.many:
            return lambda value: None if value is None else [dump(each) for each in value]
        return lambda value: None if value is None else dump(value)
    raise Refuse(f"{field.name}: {type(field).__name__}")
