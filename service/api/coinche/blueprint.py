"""The one coinche blueprint (`variants.COINCHE_BLUEPRINT`), for the coinche modules not yet
written once for every variant."""

from service.api.variants import COINCHE_BLUEPRINT as blp
from service.api.variants import PLAY_TAG

__all__ = ["PLAY_TAG", "blp"]
