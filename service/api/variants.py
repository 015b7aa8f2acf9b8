"""Each variant as the API serves it (`VariantApi`): where its paths are, how its operations
and schemas are named, its request bodies' own parts, and the blueprint its paths go on.

A resource is written once (one module: `play.py`, `deals.py`, ...) and registered for each
variant of `VARIANT_APIS`: the same view, with the variant's schemas, names and examples.
Classic's paths are `/v1/<resource>` on the resource's own blueprint (its tag); coinche's are
`/v1/coinche/<resource>`, on the one `coinche` blueprint (tags `coinche` and `coinche_play`)
for the rules' paths, on the resource's own for the analyses (`analysis`, `advice`,
`review`), as the contract has always had them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple, TypeVar

from flask.views import MethodView

from service.api.blueprint import Blueprint
from service.api.examples import Example
from service.api.options import CoincheRequestSchema, RequestSchema
from service.api.replay_requests import CoincheReplayRequestSchema, ReplayRequestSchema
from service.api.schemas import Schema
from service.api.strains import StrainSchema, TrumpSchema
from service.rules.variants import CLASSIC, COINCHE, Variant

PLAY_TAG: Final = "coinche_play"

View = TypeVar("View", bound=Callable[..., Any])

COINCHE_BLUEPRINT = Blueprint(
    "coinche",
    __name__,
    description="Belote coinchée (RULES-COINCHE.md): the auction, a deal or a game scored by "
    "contract, a reproducible deal of 8 cards each, and the coinche rules.",
    tags={
        PLAY_TAG: "Belote coinchée (RULES-COINCHE.md): the cards the player to move may play "
        "under a suit, sans-atout or tout-atout, who wins a trick, and a deal replayed with its "
        "renonces, belotes and score."
    },
)
"""The coinche paths of the rules' resources, `/v1/coinche/...`. Their tag is `coinche`, but
for the play of a card, a trick and the replay, which carry `coinche_play`, as they did when
they had a blueprint of their own: a tag names a generated client's module
(`api.coinche_play.coinche_legal_moves` in the Python client), so the tags stay as the
document has them."""


class Operation(NamedTuple):
    """How one variant's operation of a resource is documented: its summary, description and
    example requests (their answers are the app's: `examples.json`)."""

    summary: str
    description: str | None = None
    examples: tuple[Example, ...] = ()


class Route(NamedTuple):
    """One variant's path of a resource: the blueprint it is on, its operation id, and `view`,
    the decorator that registers its `MethodView` there (`VariantApi.route`)."""

    blueprint: Blueprint
    operation_id: str
    view: Callable[[type[MethodView]], type[MethodView]]

    def doc(self, operation: Operation) -> Callable[[View], View]:
        """The operation's id, summary, description and examples in the contract."""
        documented = self.blueprint.doc(
            operationId=self.operation_id,
            summary=operation.summary,
            description=operation.description,
        )

        def decorate(view: View) -> View:
            for shown in reversed(operation.examples):
                view = shown(view)
            return documented(view)  # type: ignore[no-any-return]

        return decorate


@dataclass(frozen=True, eq=False)
class VariantApi:
    """A variant as the API serves it:

    - `variant`: the rules' variant, which the views call;
    - `prefix`: its paths' part after `/v1/` (`""`, `"coinche/"`);
    - `names`: its operation ids' prefix (`""`, `"coinche_"`) and `schemas`, its own schemas'
      (`""`, `"Coinche"`);
    - `request`: the base of its requests (`rules`, read by the variant);
    - `strained`: a turn's or a trick's strain (classic's `trump`, coinche's `strain`);
    - `record`: a deal as played (the replay's body, which the analyses extend);
    - `blueprint`: where its rules' paths go (None: the resource's own)."""

    variant: Variant[Any, Any, Any, Any]
    prefix: str
    names: str
    schemas: str
    request: type[Schema]
    strained: type[Schema]
    record: type[Schema]
    blueprint: Blueprint | None
    _made: dict[str, type[Schema]] = field(default_factory=dict, repr=False)

    @property
    def name(self) -> str:
        return self.variant.name

    def path(self, resource: str) -> str:
        """The path of `resource` (`legal-moves`) for this variant: `/v1/coinche/legal-moves`."""
        return f"/v1/{self.prefix}{resource}"

    def operation(self, name: str) -> str:
        """An operation id for this variant (`legal_moves`, `coinche_legal_moves`)."""
        return f"{self.names}{name}"

    def route(
        self,
        own: Blueprint,
        resource: str,
        operation: str | Mapping[str, str],
        tag: str | None = None,
        *,
        shared: bool = False,
    ) -> Route:
        """This variant's path of `resource` (`legal-moves`), named `operation` (`legal_moves`,
        this variant's id made by `operation()`; or a mapping of each variant's id, where one
        is not made so): on `own`, the resource's blueprint, or on the variant's with `tag`
        when it has one, unless the resource's paths are all on `own` (`shared`: the analyses,
        which carry their own tags in both variants)."""
        blueprint = own if shared or self.blueprint is None else self.blueprint
        tags = [tag] if blueprint is not own and tag else None
        if isinstance(operation, str):
            operation_id = self.operation(operation)
        else:
            operation_id = operation[self.name]
        view = blueprint.route(self.path(resource), tags=tags, endpoint=operation_id)
        return Route(blueprint, operation_id, view)

    def schema(
        self,
        body: type[Schema],
        /,
        *parts: type[Schema],
        name: str | None = None,
        **members: Any,
    ) -> type[Schema]:
        """The variant's schema of `body` (a shared body, the variant's `parts` first among the
        bases, and `members` of its own: hooks, fields), named for the contract after `name`
        (`body`'s own by default): `TurnSchema`, `CoincheTurnSchema`. Made once."""
        named = f"{self.schemas}{name or body.__name__}"
        if named not in self._made:
            namespace = {"__doc__": body.__doc__, **members}
            self._made[named] = type(named, (*parts, body), namespace)
        return self._made[named]

    def each(self, per_variant: dict[str, Any]) -> Any:
        """This variant's entry of a mapping by variant name (examples, descriptions)."""
        return per_variant[self.name]


CLASSIC_API = VariantApi(
    CLASSIC, "", "", "", RequestSchema, TrumpSchema, ReplayRequestSchema, blueprint=None
)
COINCHE_API = VariantApi(
    COINCHE,
    "coinche/",
    "coinche_",
    "Coinche",
    CoincheRequestSchema,
    StrainSchema,
    CoincheReplayRequestSchema,
    blueprint=COINCHE_BLUEPRINT,
)
VARIANT_APIS: Final = (CLASSIC_API, COINCHE_API)
"""Every variant the API serves, in the contract's order (classic's paths first)."""

Register = Callable[[VariantApi], None]


def for_each_variant(register: Register) -> Register:
    """Call `register` (which declares one resource's routes for a variant) for each variant
    of `VARIANT_APIS`, once, as its module is imported."""
    for api in VARIANT_APIS:
        register(api)
    return register
