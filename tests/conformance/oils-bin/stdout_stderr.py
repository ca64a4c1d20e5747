#!/bin/bash
# The Oils spec tests' stdout_stderr.py in bash: prints $1 (default STDOUT) to stdout and $2 (default
# STDERR) to stderr, and exits with $3 (default 0). stderr first: the Python script's stdout is a
# pipe under the harness, so Python writes it out at exit, after its stderr.
echo "${2-STDERR}" >&2
echo "${1-STDOUT}"
exit "${3-0}"
