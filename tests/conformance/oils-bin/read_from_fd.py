#!/bin/bash
# The Oils spec tests' read_from_fd.py in bash: for each descriptor named, prints "N: " and what can
# be read from it (the shell must have opened it).
for fd in "$@"; do
  printf '%d: ' "$fd"
  cat <&"$fd" || exit 1
done
