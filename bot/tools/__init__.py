"""Tools for the people who run and build Kolocha: benchmarks, the fuzzers and their fog checks."""
