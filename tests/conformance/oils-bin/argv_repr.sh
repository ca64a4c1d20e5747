#!/bin/bash
# Python 2's repr of one byte string, for argv.py (which handles plain arguments itself): quoted with
# ' (or " when the text has ' but no "), \ and the quote escaped, \t \n \r, other bytes outside
# printable ASCII as \xNN.
#
# GNU bash under LC_ALL=C sees a string as bytes; the embedded shell sees characters, so there a
# character past ASCII is written as the bytes of its UTF-8 encoding. The tests are plain string
# comparisons and ${x//…} removals, which both shells get right (the embedded shell's `case` misreads
# [!…] and a backslash in a pattern).
LC_ALL=C
probe=é
chars=$((${#probe} == 1))
utf8() {
  local code=$1
  if ((code < 0x800)); then
    bytes=($((0xc0 | code >> 6)) $((0x80 | (code & 0x3f))))
  elif ((code < 0x10000)); then
    bytes=($((0xe0 | code >> 12)) $((0x80 | (code >> 6 & 0x3f))) $((0x80 | (code & 0x3f))))
  else
    bytes=($((0xf0 | code >> 18)) $((0x80 | (code >> 12 & 0x3f))) $((0x80 | (code >> 6 & 0x3f))) $((0x80 | (code & 0x3f))))
  fi
}
escaped() {
  local code hex byte
  printf -v code '%d' "'$1"
  bytes=("$code")
  if ((chars && code > 127)); then utf8 "$code"; fi
  for byte in "${bytes[@]}"; do
    printf -v hex '%02x' "$byte"
    text+="\\x$hex"
  done
}
arg=$1
quote="'"
if [ "${arg//\'/}" != "$arg" ] && [ "${arg//\"/}" = "$arg" ]; then quote='"'; fi
text=
rest=$arg
while [ -n "$rest" ]; do
  c=${rest:0:1}
  rest=${rest:1}
  if [ "$c" = "$quote" ] || [ "$c" = '\' ]; then
    text+="\\$c"
  elif [ "$c" = $'\t' ]; then
    text+='\t'
  elif [ "$c" = $'\n' ]; then
    text+='\n'
  elif [ "$c" = $'\r' ]; then
    text+='\r'
  elif [ -z "${c//[ -~]/}" ]; then
    text+=$c
  else
    escaped "$c"
  fi
done
printf '%s\n' "$quote$text$quote"
