"""The request types every coinche path shares, now in service/api/options.py and
service/api/strains.py (for the coinche modules not yet written once for every variant)."""

from service.api.options import CoincheRequestSchema, CoincheRulesSchema
from service.api.strains import ContractSchema, StrainField, StrainSchema

__all__ = [
    "CoincheRequestSchema",
    "CoincheRulesSchema",
    "ContractSchema",
    "StrainField",
    "StrainSchema",
]
