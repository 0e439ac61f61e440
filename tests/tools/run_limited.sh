#!/bin/sh
# tests/tools/run_limited.sh -- runs a command under a time limit, so that a test
# that hangs fails the run (naming itself) instead of stopping it forever.
#
#   sh tests/tools/run_limited.sh SECONDS COMMAND [ARG...]
#
# Exits with COMMAND's status; when the limit is reached, prints
# "TIMEOUT: COMMAND did not finish within SECONDS s" to stderr and exits
# 124.  RUN_LIMITED_NAME, if set, names the command in that message.  A
# command that ignores SIGTERM is killed 10 s later (exit status 137).
#
# Uses coreutils timeout (gtimeout where Homebrew's coreutils install it
# under that name) with --foreground, so that the command stays in the
# terminal's process group and Ctrl-C still stops make; the signal goes to
# the command alone, so a wrapper script must exec its program (as
# tests/tools/asan-sqlite3.sh does).  Without either, perl's alarm.
limit=${1:?usage: run_limited.sh SECONDS COMMAND [ARG...]}
shift
if [ $# -eq 0 ]; then
  echo "usage: run_limited.sh SECONDS COMMAND [ARG...]" >&2
  exit 2
fi
name=${RUN_LIMITED_NAME:-$*}
if command -v timeout >/dev/null 2>&1; then
  timeout --foreground -k 10 "$limit" "$@"
  status=$?
elif command -v gtimeout >/dev/null 2>&1; then
  gtimeout --foreground -k 10 "$limit" "$@"
  status=$?
elif command -v perl >/dev/null 2>&1; then
  perl -e 'alarm shift @ARGV; exec @ARGV or exit 127' "$limit" "$@"
  status=$?
  [ $status -ne 142 ] || status=124 # 128 + SIGALRM
else
  echo "run_limited.sh: neither timeout, gtimeout nor perl: $name runs without a time limit" >&2
  "$@"
  exit
fi
case $status in
  124) echo "TIMEOUT: $name did not finish within $limit s" >&2 ;;
  137) echo "TIMEOUT: $name was killed (SIGKILL): it ignored SIGTERM after $limit s," \
    "or ran out of memory" >&2 ;;
esac
exit $status
