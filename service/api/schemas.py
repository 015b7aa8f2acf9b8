"""The base of every schema here, and the answer schemas every game endpoint shares: a rule
broken (a violation), an annonce.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import marshmallow as ma

from service.api import plans
from service.api.fields import MessageField, StrictInteger, SuitField, card_list, or_null
from service.api.plans import Convert
from service.rules import VIOLATION_CODES
from service.rules.core.annonces import KINDS


class Schema(ma.Schema):
    """The base of every schema here.

    - Each instance owns its fields' metadata. (marshmallow copies fields shallowly, so a
      schema inheriting fields would share their `enum` lists with its parent, and the YAML
      document would show them as anchors, `&id001`.)
    - `load` and `dump` run the schema's plan (service/api/plans.py), compiled on first use:
      the same results as marshmallow's, and marshmallow's own path for anything the plan
      does not vouch for, which phrases every error.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.metadata = copy.deepcopy(field.metadata)
        self._planned_load: Convert | bool | None = False  # False: not compiled yet; None: no plan
        self._planned_dump: Convert | bool | None = False

    def load(  # type: ignore[override]
        self,
        data: Any,
        *,
        many: bool | None = None,
        partial: Any = None,
        unknown: str | None = None,
    ) -> Any:
        if many is None and partial is None and unknown is None:
            if self._planned_load is False:
                self._planned_load = _compiled(plans.load_plan, self)
            if self._planned_load is not None:
                try:
                    return self._planned_load(data)  # type: ignore[operator]
                except plans.Unsure:
                    pass
        return super().load(data, many=many, partial=partial, unknown=unknown)

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        if not many:
            if self._planned_dump is False:
                self._planned_dump = _compiled(plans.dump_plan, self)
            if self._planned_dump is not None:
                return self._planned_dump(obj)  # type: ignore[operator]
        return super().dump(obj, many=many)


def _compiled(compile_plan: Callable[[ma.Schema], Convert], schema: ma.Schema) -> Convert | None:
    try:
        return compile_plan(schema)
    except plans.Refuse:
        return None


class ViolationSchema(Schema):
    code = ma.fields.String(required=True, metadata={"enum": [str(c) for c in VIOLATION_CODES]})
    message = MessageField(
        required=True, metadata={"description": "What had to be played, in the request's language"}
    )


class AnnonceSchema(Schema):
    kind = ma.fields.String(required=True, metadata={"enum": list(KINDS)})
    cards = card_list(3, 8, canonical=True, required=True)
    points = StrictInteger(required=True)
    top = ma.fields.String(
        required=True,
        metadata={"description": "A sequence's top card (`KS`), a four of a kind's rank (`J`)"},
    )
    suit = or_null(SuitField, "null for a four", canonical=True)
