#!/usr/bin/env bash
# Fuzz one target for a while: scripts/fuzz.sh PACKAGE TARGET DURATION
#
# A failure fails, with one exception. Go 1.26's fuzz coordinator can report
# its own -fuzztime deadline as a failure ("context deadline exceeded") when a
# starved worker is still mid-call at the boundary (golang/go#75804, fixed in
# Go 1.27). That report names no input: a real finding always writes
# "Failing input written to testdata/fuzz/...", a panic or a t.Error line.
# Such a run is counted as a flake, and the target's corpus is then replayed
# deterministically (go test -run), which must pass.
set -euo pipefail
pkg=$1 target=$2 duration=$3
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# -fuzzminimizetime 1s: Go minimises every new interesting input for up to
# 60 s by default, and on FuzzJudgeBench's kilobyte seeds that took the
# whole run (0 execs/s for 15 s of 20; with 1 s: 588,000 execs, 66 new
# inputs). A failing input is still written, only less minimised.
if go test -run='^$' -fuzz="^${target}\$" -fuzztime="$duration" -fuzzminimizetime=1s "$pkg" 2>&1 | tee "$log"; then
  exit 0
fi

# The flake's signature: the deadline message and nothing that names an input
# or a failed check.
if grep -q 'context deadline exceeded' "$log" &&
  ! grep -qE 'Failing input written|panic:|_test\.go:[0-9]+:|fuzzing process hung' "$log"; then
  echo "fuzz $target: the coordinator's own deadline (golang/go#75804), no failing input; replaying the corpus"
  go test -count=1 -run="^${target}\$" "$pkg"
  exit $?
fi
exit 1
