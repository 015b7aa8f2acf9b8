"""What the tests share with the benchmarks (bench/) and the scripts (scripts/): random deals
(`deals`), request bodies (`bodies`), a generated archive (`archive`), which search answers
(`solver`), the list of equivalent mutants (`mutation`). bench/ and scripts/ import nothing
from tests/ (tests/test_support.py); the service imports nothing from here, and the image
ships none of it (.dockerignore)."""
