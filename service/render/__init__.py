"""Pictures of the referee's rulings. Not rules (service/rules knows nothing of SVG) and not
HTTP: a writer takes the rules' result and returns the picture's text."""

from service.render.svg import deal_svg

__all__ = ["deal_svg"]
