"""What the tests share with the benchmarks (bench/) and the scripts (scripts/), which import
nothing from tests/. The service imports nothing from here, and the image ships none of it
(.dockerignore)."""
