"""The catalog's tests run as the rules' do (tests/rules/conftest.py): the same hypothesis
profiles and, under `make mutants`, the same hang limit and listed equivalents."""

from tests.rules.conftest import pytest_configure, pytest_runtest_protocol  # noqa: F401
