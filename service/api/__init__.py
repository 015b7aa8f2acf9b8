"""The HTTP layer: one flask-smorest blueprint per resource (`service.api.blueprint.Blueprint`).

The app lists the blueprints it serves (`service.app.BLUEPRINTS`); a module here imports only
what it uses, never this package's siblings for their side effects.
"""
