#!/bin/bash
# The Oils spec tests' argv.py (spec/bin/argv.py, a Python 2 script) in bash, so that GNU bash and the
# embedded shell run the same helper: prints its arguments as Python 2 prints a list of byte strings,
# e.g. ['a', 'b c', "it's"]. An argument of printable ASCII without ' or \ is written as it is here;
# any other goes to argv_repr.sh (kept apart: the embedded shell parses a script at each run, and
# most arguments are plain).
LC_ALL=C
out=
for arg in "$@"; do
  if [ -z "${arg//[ -&(-[\]-~]/}" ]; then
    out+="${out:+, }'$arg'"
  else
    out+="${out:+, }$(argv_repr.sh "$arg")"
  fi
done
printf '[%s]\n' "$out"
