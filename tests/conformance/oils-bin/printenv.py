#!/bin/bash
# The Oils spec tests' printenv.py in bash: prints each named environment variable, or None.
for name in "$@"; do
  printenv "$name" || echo None
done
