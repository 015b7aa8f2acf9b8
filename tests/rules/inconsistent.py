"""What a rules call refuses as InconsistentInput, as plain values a table can list."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from service.rules import InconsistentInput

Found = tuple[str, str, dict[str, object]]


def problems(call: Callable[[], object]) -> list[Found]:
    """The problems `call()` raises: (pointer, message code, parameters) for each."""
    with pytest.raises(InconsistentInput) as raised:
        call()
    return [(p.pointer, p.code, dict(p.params)) for p in raised.value.problems]
