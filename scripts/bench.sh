#!/usr/bin/env bash
# bench: measures the headline rows of docs/performance.md from outside, as a
# user feels it, and prints them as a Markdown table.
#
#   scripts/bench.sh              (from anywhere; needs go, tmux, /usr/bin/time)
#   BENCH_RUNS=5 BENCH_PRESSES=20 scripts/bench.sh
#   BENCH_ONLY=report,tui3k,tui100k,fit,help scripts/bench.sh   (a subset)
#
# Too slow for CI (several minutes: a 315 MB log, a 100,000-item UI); run it
# by hand on an otherwise idle machine and say in docs/performance.md what else ran.
#
# Rows:
#   report   plumb report --format json on the 1M log of docs/performance.md:
#            wall, CPU (user+sys) and peak RSS from /usr/bin/time -v,
#            BENCH_RUNS runs, median (min–max).
#   tui3k    knob key (l, λ +0.05) → the status line shows the new λ with
#            numbers for it: first a preview ("≈") or the exact ones, then
#            the exact ones ("✓"), demo (3 judges × 3,000 items), at
#            120×40 in tmux; BENCH_PRESSES presses, median / p90 / max.
#   tui100k  the same on a simulated log of 100,000 pair items (one judge),
#            and: a second key sent while that recompute runs, answered
#            (the λ on screen changes) — median / p90 / max.
#   fit      go test -bench 'Fit3000$' in the package that defines it
#            (./calib/calibraeval; ./calib before issue 18) (ns/op, BENCH_RUNS counts).
#   help     plumb --help: hyperfine if installed, else a loop of 50 runs.
#
# Screen latencies are measured by polling tmux capture-pane as fast as it
# answers (each poll costs ≈1–3 ms, which is the resolution of these rows).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
runs=${BENCH_RUNS:-3}
presses=${BENCH_PRESSES:-20}
only=${BENCH_ONLY:-report,tui3k,tui100k,fit,help}
unset NO_COLOR TMUX

want() { [[ ",$only," == *",$1,"* ]]; }

for tool in go tmux /usr/bin/time python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "bench: $tool is missing (apt-get install tmux time python3)" >&2; exit 1; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/plumb-bench.XXXXXX")
sock=plumb-bench-$$
cleanup() {
  tmux -L "$sock" kill-server >/dev/null 2>&1 || true
  rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$sock" # the server leaves its socket
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "== building plumb" >&2
(cd "$root" && go build -buildvcs=false -o "$tmp/plumb" ./cmd/plumb)
cd "$tmp"
rows=()

# stats prints "median / p90 / max" (nearest rank) of numbers on stdin, with
# the unit $1 and $2 decimals.
stats() {
  python3 -c '
import sys, math
v = sorted(float(x) for x in sys.stdin.read().split())
unit, dec = sys.argv[1], int(sys.argv[2])
if not v:
    print("no samples"); sys.exit()
def q(p): return v[min(len(v) - 1, max(0, math.ceil(p * len(v)) - 1))]
med = (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2
print(f"median {med:.{dec}f} {unit}, p90 {q(0.9):.{dec}f} {unit}, max {v[-1]:.{dec}f} {unit} (n={len(v)})")
' "$1" "$2"
}

# medrange prints "median (min–max)" of numbers on stdin.
medrange() {
  python3 -c '
import sys
v = sorted(float(x) for x in sys.stdin.read().split())
unit, dec = sys.argv[1], int(sys.argv[2])
med = (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2
print(f"{med:.{dec}f} {unit} ({v[0]:.{dec}f}–{v[-1]:.{dec}f})")
' "$1" "$2"
}

# now_us prints the time in µs (bash 5).
now_us() { echo "${EPOCHREALTIME/[.,]/}"; }
# ms A B prints B − A (µs) in ms.
ms() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f\n", (b - a) / 1000}'; }

if want report; then
  echo "== 1M log: plumb simulate --pairs 128000 --scores 25600 --verdicts 128000 --digits 6" >&2
  ./plumb simulate --pairs 128000 --scores 25600 --verdicts 128000 --digits 6 -o big.jsonl
  : >wall.txt
  : >cpu.txt
  : >rss.txt
  for ((i = 1; i <= runs; i++)); do
    echo "== plumb report --format json, run $i/$runs" >&2
    /usr/bin/time -v -o time.txt ./plumb report big.jsonl --format json -o r.json
    awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, a, ":"); s = 0; for (j = 1; j <= n; j++) s = s * 60 + a[j]; print s}' time.txt >>wall.txt
    awk -F': ' '/User time/ {u = $2} /System time/ {s = $2} END {print u + s}' time.txt >>cpu.txt
    awk -F': ' '/Maximum resident set size/ {print $2 / 1024}' time.txt >>rss.txt
  done
  rows+=("| \`plumb report --format json\`, 998,400 records ($(du -m big.jsonl | cut -f1) MB), $runs runs | wall $(medrange s 2 <wall.txt); CPU $(medrange s 1 <cpu.txt); peak RSS $(medrange MB 0 <rss.txt); report $(du -m r.json | cut -f1) MB |")
  rm -f big.jsonl r.json
fi

if want tui3k || want tui100k; then
  cat >tmux.conf <<'EOF'
set-option -g exit-empty off
set-option -g status off
EOF
fi
t() { tmux -L "$sock" -f "$tmp/tmux.conf" "$@"; }

screen_text() { t capture-pane -p -t "$1"; }

# status_line NAME prints the UI's status line (the second-last row).
status_line() { t capture-pane -p -t "$1" | tail -n 2 | head -n 1; }

# await NAME REGEX [TIMEOUT_S] polls the status line until REGEX matches
# (WHAT=screen: the whole screen).
# The text that matched is left in $matched.
await() {
  local end=$((SECONDS + ${3:-120})) what=${WHAT:-status_line}
  [ "$what" != screen ] || what=screen_text
  until matched=$($what "$1") && grep -qE -- "$2" <<<"$matched"; do
    ((SECONDS < end)) || { echo "bench: timed out waiting for /$2/ in $1:" >&2; t capture-pane -p -t "$1" >&2; return 1; }
  done
}

done_re='✓ +[0-9.]+ ms *$'
# A λ step is first answered by a warm-started preview ("≈ N ms ⟳ exact
# fit" on the status line), then by the exact numbers (✓).
first_re='(✓ +[0-9.]+ ms *|≈ +[0-9.]+ ms .*)$'

# lam_re L prints a regex for λ = L on the status line.
# knob_re L: the λ knob's label on the selection pane (λ ‹0.6›), which
# changes as soon as the key is answered.
knob_re() { printf 'λ ‹%s›' "$(sed 's/0*$//; s/\.$//; s/\./\\./' <<<"$1")"; }

# The UI prints λ in the shortest form (0.6, 1, 1.05).
lam_re() { printf 'λ %s ' "$(sed 's/0*$//; s/\.$//; s/\./\\./' <<<"$1")"; }

# knob_run NAME FILE... opens the UI on FILE (no FILE: the demo) in a
# 120×40 tmux session, shows the selection pane, and presses l $presses
# times: each press's latency to the first numbers for it (a preview or
# the exact ones) goes to NAME.first, to the exact numbers to NAME.frame; with
# DURING=1 a second l is sent as soon as the first is answered (its
# recompute is running) and that key's latency to the new knob label
# (λ ‹…›) on screen goes to NAME.key.
knob_run() {
  local name=$1 i lam t0 t1 t2 re
  shift
  t new-session -d -s "$name" -x 120 -y 40 -c "$tmp" ./plumb "$@"
  await "$name" "$done_re" 600
  t send-keys -t "$name" -l 2
  await "$name" "$done_re"
  lam=0.50
  : >"$name.frame"
  : >"$name.first"
  : >"$name.key"
  for ((i = 1; i <= presses; i++)); do
    lam=$(awk -v l="$lam" 'BEGIN {printf "%.2f", l + 0.05}')
    t0=$(now_us)
    t send-keys -t "$name" -l l
    if [ "${DURING:-0}" = 1 ]; then
      WHAT=screen await "$name" "$(knob_re "$lam")"
      lam=$(awk -v l="$lam" 'BEGIN {printf "%.2f", l + 0.05}')
      t1=$(now_us)
      t send-keys -t "$name" -l l
      WHAT=screen await "$name" "$(knob_re "$lam")"
      t2=$(now_us)
      ms "$t1" "$t2" >>"$name.key"
      t0=$t1
    fi
    await "$name" "$(lam_re "$lam").*$first_re"
    t2=$(now_us)
    ms "$t0" "$t2" >>"$name.first"
    if ! grep -qE -- "$done_re" <<<"$matched"; then # a preview: wait for the exact numbers
      await "$name" "$(lam_re "$lam").*$done_re"
      t2=$(now_us)
    fi
    ms "$t0" "$t2" >>"$name.frame"
  done
  t kill-session -t "$name"
}

if want tui3k; then
  echo "== UI, demo (3,000 items): $presses presses of l" >&2
  knob_run demo
  rows+=("| knob key → first numbers on screen (a preview or the exact ones), demo (3,000 items), tmux 120×40 | $(stats ms 0 <demo.first) |")
  rows+=("| knob key → exact numbers on screen, demo | $(stats ms 0 <demo.frame) |")
fi

if want tui100k; then
  echo "== 100,000-item log" >&2
  ./plumb simulate --judge 'j1:pos=0.5,tok=0.8' --pairs 100000 --scores 50 --verdicts 100 -o 100k.jsonl
  echo "== UI, 100,000 items: $presses presses of l" >&2
  knob_run big 100k.jsonl
  rows+=("| knob key → first numbers on screen (a preview or the exact ones), 100,000 items | $(stats ms 0 <big.first) |")
  rows+=("| knob key → exact numbers on screen, 100,000 items | $(stats ms 0 <big.frame) |")
  echo "== UI, 100,000 items: $presses keys sent while a recompute runs" >&2
  DURING=1 knob_run during 100k.jsonl
  rows+=("| a key answered (new λ ‹…› label on screen) while a 100k recompute runs | $(stats ms 1 <during.key) |")
  rm -f 100k.jsonl
fi

if want fit; then
  # The package that defines BenchmarkFit3000 (calib/calibraeval since
  # issue 18's split, calib before), so that one script measures both.
  fitpkg=./$(cd "$root" && dirname "$(grep -rl --include='*_test.go' '^func BenchmarkFit3000(' calib | head -n1)")
  echo "== go test -bench 'Fit3000\$' $fitpkg" >&2
  (cd "$root" && go test -run '^$' -bench 'Fit3000$' -count "$runs" "$fitpkg") |
    awk '/^BenchmarkFit3000/ {print $3 / 1e6}' >fit.txt
  rows+=("| CalibraEval fit alone, 3,000 items (go test -bench 'Fit3000\$', $runs counts) | $(medrange ms 1 <fit.txt) |")
fi

if want help; then
  echo "== plumb --help" >&2
  if command -v hyperfine >/dev/null 2>&1; then
    hyperfine -N -w 5 -r 50 --export-json help.json './plumb --help' >&2
    python3 -c 'import json; r = json.load(open("help.json"))["results"][0]; print(*(x * 1000 for x in r["times"]))' >help.txt
  else
    : >help.txt
    for ((i = 0; i < 55; i++)); do
      t0=$(now_us)
      ./plumb --help >/dev/null
      t1=$(now_us)
      ((i < 5)) || ms "$t0" "$t1" >>help.txt
    done
  fi
  rows+=("| \`plumb --help\` (50 runs after 5 warm-up) | $(stats ms 1 <help.txt) |")
fi

echo
echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), load average $(cut -d' ' -f1-3 /proc/loadavg):"
echo
echo "| measure | measured |"
echo "|---|---|"
printf '%s\n' "${rows[@]}"
