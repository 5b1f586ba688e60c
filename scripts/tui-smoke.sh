#!/usr/bin/env bash
# tui-smoke: runs plumb's terminal UI in a real terminal (a private tmux
# server), sends keys, captures the screen and asserts on its text. Each
# scenario prints one PASS/FAIL line; the script exits 1 if any failed.
#
#   scripts/tui-smoke.sh            (from anywhere; needs go and tmux)
#
# It installs tmux from Debian's packages only when it is missing. Screens
# are polled until the expected text appears (10 s at most, SMOKE_TIMEOUT
# overrides), never waited for with fixed sleeps; on a timeout the screen
# is printed.
#
# shellcheck disable=SC2317 # scenarios are called indirectly, through run
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
# How long a wait for the screen may take: generous, since the export computes
# its bootstrap intervals, which a loaded 2-core machine may take 10 s over.
timeout_s=${SMOKE_TIMEOUT:-30}
# The tmux server passes our environment to every pane; TMUX would point
# tmux at the session this script may be running in.
unset NO_COLOR TMUX

if ! command -v tmux >/dev/null 2>&1; then
  echo "== installing tmux (apt-get)"
  apt() {
    if [ "$(id -u)" -eq 0 ]; then
      DEBIAN_FRONTEND=noninteractive apt-get "$@"
    else
      sudo -n env DEBIAN_FRONTEND=noninteractive apt-get "$@"
    fi
  }
  apt install -y -qq tmux >/dev/null || { apt update -qq && apt install -y -qq tmux >/dev/null; } ||
    { echo "tui-smoke: tmux is missing and could not be installed" >&2; exit 1; }
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/plumb-smoke.XXXXXX")
sock=plumb-smoke-$$
scenario_pid=
cleanup() {
  [ -z "$scenario_pid" ] || kill "$scenario_pid" 2>/dev/null || true
  tmux -L "$sock" kill-server >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "== building plumb"
(cd "$root" && go build -buildvcs=false -o "$tmp/plumb" ./cmd/plumb)
cd "$tmp" # exports land here

# Panes stay (dead) after their process exits, so its exit status can be
# read; no status bar, so the pane is the whole window; the server stays up
# between scenarios (starting one just after killing one races).
cat >"$tmp/tmux.conf" <<'EOF'
set-option -g exit-empty off
set-option -g status off
set-window-option -g remain-on-exit on
EOF

t() { tmux -L "$sock" -f "$tmp/tmux.conf" "$@"; }

# start NAME COLS ROWS CMD... runs CMD (in $tmp) in a new COLS×ROWS session.
# A shell around CMD writes CMD's exit status to NAME.exit and exits with
# it: tmux 3.3a sometimes leaves the exited process unreaped (and
# #{pane_dead_status} empty) for many seconds, so wait_exit reads the file.
start() {
  local name=$1 cols=$2 rows=$3
  shift 3
  rm -f "$tmp/$name.exit"
  t new-session -d -s "$name" -x "$cols" -y "$rows" -c "$tmp" \
    "$(printf '%q ' "$@"); s=\$?; echo \$s >$name.exit.tmp; mv $name.exit.tmp $name.exit; exit \$s"
}

screen() { t capture-pane -p -t "$1"; }

# status NAME prints the status line (the second-last row of the pane).
status() {
  local rows
  rows=$(t display-message -p -t "$1" '#{pane_height}')
  screen "$1" | sed -n "$((rows - 1))p"
}

# message NAME prints the message of the status line on one line: a long
# one takes rows above the status line (up to four), from its "wrote " or
# "export: " row to the row above the help bar.
message() {
  screen "$1" | sed '$d' | awk '/^ (wrote |export: )/ { f = 1 } f' | tr '\n' ' ' | tr -s ' '
}

# keys NAME KEY... types each KEY literally.
keys() {
  local name=$1 k
  shift
  for k in "$@"; do t send-keys -t "$name" -l "$k"; done
}

# wait_for NAME WHAT REGEX polls the pane (WHAT=screen) or its status line
# (WHAT=status) until the extended regex REGEX matches; on a timeout it
# prints the screen and fails.
wait_for() {
  local name=$1 what=$2 re=$3 end=$((SECONDS + timeout_s)) text
  while :; do
    text=$($what "$name")
    grep -qE -- "$re" <<<"$text" && return 0
    if ((SECONDS >= end)); then
      echo "  timed out after ${timeout_s}s waiting for /$re/ in the $what of $name; the screen:" >&2
      screen "$name" | sed 's/^/  | /' >&2
      return 1
    fi
    sleep 0.1
  done
}

# wait_exit NAME STATUS waits for the pane's process to exit and checks
# its exit status (and that tmux, once it knows the status, agrees).
wait_exit() {
  local name=$1 want=$2 end=$((SECONDS + timeout_s)) got tm
  until [ -s "$tmp/$name.exit" ]; do
    if ((SECONDS >= end)); then
      echo "  plumb in $name did not exit within ${timeout_s}s; the screen:" >&2
      screen "$name" | sed 's/^/  | /' >&2
      return 1
    fi
    sleep 0.1
  done
  got=$(<"$tmp/$name.exit")
  if [ "$got" != "$want" ]; then
    echo "  plumb in $name exited with status $got, want $want; the screen:" >&2
    t capture-pane -p -J -S - -t "$name" | sed 's/^/  | /' >&2
    return 1
  fi
  tm=$(t display-message -p -t "$name" '#{?pane_dead,#{pane_dead_status},}')
  if [ -n "$tm" ] && [ "$tm" != "$want" ]; then
    echo "  tmux says the pane of $name exited with status $tm, want $want" >&2
    return 1
  fi
}

fail() {
  echo "  $*" >&2
  return 1
}

# colour_sgr prints the SGR sequences of stdin that set a foreground or
# background colour (30–38, 40–48, 90–97, 100–107; 39 and 49 reset).
colour_sgr() {
  grep -oE $'\e\\[[0-9;:]*m' | awk '{
    s = substr($0, 3, length($0) - 3); n = split(s, p, /[;:]/)
    for (i = 1; i <= n; i++) {
      v = p[i] + 0
      if ((v >= 30 && v <= 38) || (v >= 40 && v <= 48) || (v >= 90 && v <= 97) || (v >= 100 && v <= 107)) { print substr($0, 2); break }
      if (v == 38 || v == 48) break
    }
  }'
}

done_re='✓ +[0-9.]+ ms *$' # the status line once the numbers are current

# gen FROM TO prints pair records q<FROM>..q<TO> of judge j1.
gen() {
  local i p q
  for ((i = $1; i <= $2; i++)); do
    p=$(((i * 37) % 80 + 10))
    q=$((p + (i % 7) - 3))
    printf '{"kind":"pair","id":"q%03d","judge":"j1","group":"g","p_a":{"x0":0.%02d,"x1":0.%02d},"gold":"%d"}\n' \
      "$i" "$p" "$q" $((1 + (p < 50)))
  done
}

scenario_demo_80x24() {
  start demo 80 24 ./plumb
  wait_for demo screen 'flips its choice'
  wait_for demo status "$done_re"
  keys demo 2
  wait_for demo screen 'Learned map g\*'
  keys demo l
  wait_for demo screen '^ *λ ‹0\.55›'
  # The exact numbers: the status line's ✓, or, when the step changed no
  # number the table shows at 80 columns, the line that says so in its
  # place (the TUI's methodsTable.lambdaNote).
  wait_for demo status "λ 0\.55 .*$done_re|λ 0\.55: no column shown changed|λ 0\.55 changed no number"
  keys demo 3
  wait_for demo screen 'LS–US scatter'
  keys demo 4
  wait_for demo screen 'Verdict rate'
  keys demo 5
  wait_for demo screen 'pair items:'
  keys demo '?'
  wait_for demo screen 'All keys'
  keys demo '?'
  wait_for demo screen 'pair items:'
  keys demo ']'
  wait_for demo status "^ *judge-first · .*$done_re"
  keys demo e
  wait_for demo message '^ *(wrote |export: )'
  # An export failure is reported, then quitting is still checked.
  local st bad=0 f
  st=$(message demo)
  case $st in
  *export:*calibrated*) fail "export: writing the calibrated log failed: ${st# }" || bad=1 ;;
  *export:*) fail "export failed: ${st# }" || bad=1 ;;
  esac
  # The export names its files after the judge shown (PREFIX.JUDGE.*).
  for f in plumb-export.judge-first.md plumb-export.judge-first.json; do
    [ -s "$f" ] || fail "export did not write $f" || bad=1
  done
  # judge-first's CalibraEval collapses: no calibrated log, and the status
  # line says why (TestExport checks the same); otherwise it is written.
  case $st in
  *"no calibrated log"*)
    [ ! -e plumb-export.judge-first.calibrated.jsonl ] || fail "a collapsed fit's calibrated log was written" || bad=1 ;;
  *) [ -s plumb-export.judge-first.calibrated.jsonl ] || fail "export did not write plumb-export.judge-first.calibrated.jsonl" || bad=1 ;;
  esac
  if [ -s plumb-export.judge-first.md ] && ! grep -q '^# plumb report' plumb-export.judge-first.md; then
    fail "plumb-export.judge-first.md is not a report" || bad=1
  fi
  keys demo q
  wait_exit demo 0
  return "$bad"
}

# bottom NAME prints the help bar (the last row of the pane).
bottom() {
  local rows
  rows=$(t display-message -p -t "$1" '#{pane_height}')
  screen "$1" | sed -n "${rows}p"
}

# Issue 10, items 10–14, at 80×24: wide tables, help, scrolling to the
# end, the reproduce command, the status line.
scenario_rough_edges_80x24() {
  start rough 80 24 ./plumb
  wait_for rough status "$done_re"
  # the status line drops whole parts, keeping λ, α and the verdict source.
  wait_for rough status '^ judge-fair · 3000 pairs .*λ 0\.5 .*α 0\.05 · (⊘ )?raw-x0 +✓'
  if status rough | grep -q '…'; then fail "the status line is cut: $(status rough)"; fi
  # ? and q are always in the help bar; the full help is grouped and scrolls.
  wait_for rough bottom '^\? all keys • q quit'
  keys rough '?'
  wait_for rough screen '^ Everywhere'
  wait_for rough bottom '^\? all keys • q quit'
  keys rough ' ' ' ' ' '
  wait_for rough screen '^ *(Items|Style|Scrolling)'
  wait_for rough screen 'more above'
  keys rough '?'
  # the methods table keeps RStd, accuracy and n, and > shows the rest.
  keys rough 2
  wait_for rough screen 'Learned map g\*'
  keys rough ' ' ' '
  wait_for rough screen '^ method +consist\. +first-pos +κ +RStd +acc\. +n$'
  wait_for rough screen '3 more columns: >'
  keys rough '>'
  wait_for rough screen '^ method .*ICC\(3,k\)'
  wait_for rough screen '< 1 column left · 2 more columns: >'
  keys rough '<'
  wait_for rough screen '^ method +consist\. +first-pos +κ +RStd +acc\. +n$'
  wait_for rough bottom '^\? all keys • q quit'
  # scrolling to the end shows the last line (the 8th top-RS item).
  keys rough 3
  wait_for rough screen 'LS–US scatter'
  keys rough ' ' ' ' ' ' ' '
  wait_for rough screen '^ +s0493 +-456\.5'
  # c shows the whole reproduce command; e writes it into the reports.
  keys rough c
  wait_for rough screen 'Reproduce these numbers'
  wait_for rough screen '^  plumb report --judge judge-fair --lambda 0\.5'
  wait_for rough screen '--permutations|--k [0-9]+( \\)? *$'
  keys rough c
  wait_for rough screen 'Top 8 by RS'
  keys rough e
  wait_for rough message '^ *(wrote |export: )'
  # The message is longer than 80 columns: it is shown whole, on more rows.
  message rough | grep -qE 'c shows the command that reproduces them *$' ||
    fail "the export message is not whole: $(message rough)"
  grep -q '^Reproduce: `plumb report --judge judge-fair --lambda 0.5 .*--verdict-from raw-x0 --k [0-9]*.*` *$' plumb-export.judge-fair.md ||
    fail "plumb-export.judge-fair.md has no whole Reproduce line: $(grep -i reproduce plumb-export.judge-fair.md)"
  grep -q '"reproduce": "plumb report --judge judge-fair' plumb-export.judge-fair.json ||
    fail "plumb-export.judge-fair.json has no reproduce key"
  keys rough q
  wait_exit rough 0
}

scenario_demo_200x50() {
  start wide 200 50 ./plumb
  wait_for wide status "$done_re"
  wait_for wide screen 'All judges'
  local j
  for j in judge-fair judge-first judge-tokenA; do # rows: name, pairs, …
    wait_for wide screen "^ *(▸ )?$j +[0-9]+ +[0-9.]+ "
  done
  screen wide | sed -n '/All judges/,$p' | grep -qE '^ *(▸ )?judge-tokenA +[0-9]' ||
    fail "the judge rows are not under the All judges heading"
  # The Judge panel: α with its interval and the κ heatmap, computed with
  # the comparison above.
  keys wide 7
  wait_for wide screen "Krippendorff's α, nominal \(choices\) +[0-9.]+ \[[0-9.]+, [0-9.]+\]"
  wait_for wide screen '^ 1 judge-fair +█1\.00'
  keys wide q
  wait_exit wide 0
}

scenario_too_small() {
  start small 60 20 ./plumb
  wait_for small screen 'needs a terminal of at least 80×24'
  keys small q
  wait_exit small 0
}

scenario_bad_file() {
  {
    gen 1 3
    echo '{"kind":"pair","id":"q004","judge":"j1","p_a":{"x0":0.4'
    gen 5 6
  } >bad.jsonl
  # On a terminal (the UI's path) …
  start bad 80 24 ./plumb bad.jsonl
  wait_exit bad 2
  t capture-pane -p -J -S - -t bad | grep -q 'bad\.jsonl:4:' ||
    fail "no bad.jsonl:4: on the terminal: $(t capture-pane -p -J -S - -t bad)"
  # … and not on one (the report's path).
  local rc=0 err
  err=$(./plumb bad.jsonl 2>&1 >/dev/null </dev/null) || rc=$?
  [ "$rc" -eq 2 ] || fail "plumb bad.jsonl | … exited $rc, want 2 ($err)"
  grep -q 'bad\.jsonl:4:' <<<"$err" || fail "no bad.jsonl:4: in the error: $err"
}

scenario_non_tty() {
  local out
  out=$(timeout 30 ./plumb </dev/null | cat)
  grep -q '^# plumb report' <<<"$out" || fail "plumb | cat did not print the Markdown report: $(head -3 <<<"$out")"
}

scenario_no_color() {
  start plain 80 24 env NO_COLOR=1 ./plumb
  start colour 80 24 ./plumb # the control: colours are captured at all
  wait_for plain status "$done_re"
  wait_for colour status "$done_re"
  local sgr
  sgr=$(t capture-pane -p -e -t colour | colour_sgr | head -3)
  [ -n "$sgr" ] || fail "the control (no NO_COLOR) shows no colour SGR, so the check proves nothing"
  sgr=$(t capture-pane -p -e -t plain | colour_sgr | sort -u | head -5 | tr '\n' ' ')
  [ -z "$sgr" ] || fail "NO_COLOR=1 screen has colour SGR sequences: $sgr"
  keys plain q
  keys colour q
  wait_exit plain 0
  wait_exit colour 0
}

scenario_watch() {
  gen 1 20 >watch.jsonl
  start watch 80 24 ./plumb --watch watch.jsonl
  wait_for watch status "· 20 pairs .*$done_re"
  # More records and half of the last one: the half line waits.
  local last
  last=$(gen 40 40)
  {
    gen 21 39
    printf '%s' "${last:0:40}"
  } >>watch.jsonl
  wait_for watch status "· 39 pairs .*$done_re"
  if status watch | grep -q 'watch:'; then fail "a half-written line is an error: $(status watch)"; fi
  printf '%s\n' "${last:40}" >>watch.jsonl
  wait_for watch status "· 40 pairs .*$done_re"
  if status watch | grep -q 'watch:'; then fail "watch error: $(status watch)"; fi
  keys watch q
  wait_exit watch 0
}

failed=0
# tour COLS ROWS: README's tour, step 1: the demo on judge-tokenA, where
# CalibraEval's fit works, then [ to judge-first, whose collapse heads the
# Selection pane on the first screen, the pane from its top.
tour() {
  start tour "$1" "$2" ./plumb --judge judge-tokenA
  wait_for tour status "$done_re"
  keys tour 2
  wait_for tour screen 'Learned map g\*'
  wait_for tour status 'judge-tokenA'
  ! screen tour | grep -q 'collapsed' || fail "judge-tokenA's Selection pane speaks of a collapse"
  t send-keys -t tour PageDown PageDown
  keys tour '['
  wait_for tour status 'judge-first'
  wait_for tour screen '⚠ CalibraEval collapsed'
  screen tour | sed -n '3,9p' | grep -q 'bias is positional' || fail "the collapse's cause is not on the first lines"
  ! screen tour | grep -q 'more above' || fail "the pane kept the previous judge's scroll offset"
  keys tour q
  wait_exit tour 0
}
scenario_tour_80x24() { tour 80 24; }
scenario_tour_200x50() { tour 200 50; }
# The reproduce popup at 80×24 wraps with line continuations that bash
# joins back into the command y copies and writes; the command line (:)
# moves λ, suggests a flag for a typo and completes a judge at 200×50.
scenario_cmdline() {
  start cmd 80 24 ./plumb
  wait_for cmd status "$done_re"
  keys cmd c
  wait_for cmd screen '^  plumb report --judge judge-fair .* \\$'
  keys cmd y
  wait_for cmd screen 'wrote it to'
  [ -s plumb-export.judge-fair.command.sh ] || fail "y wrote no plumb-export.judge-fair.command.sh"
  local block want got
  block=$(screen cmd | awk '/^  plumb report/ { f = 1 } f && /^ *$/ { exit } f')
  got=$(bash --norc -c "plumb() { printf '%s\n' \"\$@\"; }
$block")
  want=$(bash --norc -c "plumb() { printf '%s\n' \"\$@\"; }
$(cat plumb-export.judge-fair.command.sh)")
  [ -n "$got" ] && [ "$got" = "$want" ] || fail "the wrapped block ($block) is not the command y wrote"
  keys cmd c 2
  wait_for cmd screen 'Learned map g\*'
  keys cmd ':lambda 0.3'
  wait_for cmd bottom '^:lambda 0\.3'
  t send-keys -t cmd Enter
  wait_for cmd screen '^ *λ ‹0\.3›'
  wait_for cmd status "λ 0\.3 .*$done_re|λ 0\.3: no column shown changed|λ 0\.3 changed no number"
  keys cmd ':lamda 1'
  t send-keys -t cmd Enter
  wait_for cmd screen 'did you mean --lambda\?'
  keys cmd q
  wait_exit cmd 0
  start cmdw 200 50 ./plumb
  wait_for cmdw status "$done_re"
  keys cmdw ':judge judge-fi'
  t send-keys -t cmdw Tab
  wait_for cmdw bottom '^:judge judge-first'
  t send-keys -t cmdw Enter
  wait_for cmdw screen 'applied --judge judge-first'
  wait_for cmdw screen '▸ judge-first'
  keys cmdw q
  wait_exit cmdw 0
}

run() { # NAME FUNC
  local name=$1 rc t0=$SECONDS
  # In the background, so that a signal ends the script at once.
  (
    set -e
    "$2"
  ) >"$tmp/$2.log" 2>&1 &
  scenario_pid=$!
  set +e
  wait "$scenario_pid"
  rc=$?
  set -e
  scenario_pid=
  local s
  for s in $(t list-sessions -F '#{session_name}' 2>/dev/null); do
    t kill-session -t "$s"
  done
  if [ "$rc" -eq 0 ]; then
    echo "PASS $name ($((SECONDS - t0)) s)"
  else
    echo "FAIL $name"
    cat "$tmp/$2.log"
    failed=1
  fi
}

echo "== TUI smoke tests (tmux $(tmux -V | cut -d' ' -f2))"
run "80×24 demo: panes, λ knob, help, judge, export, quit" scenario_demo_80x24
run "80×24: tables, help, scroll, reproduce, status line" scenario_rough_edges_80x24
run "200×50: All judges table and the Judge panel" scenario_demo_200x50
run "80×24 tour: judge-tokenA, then [ to judge-first's collapse at the top" scenario_tour_80x24
run "200×50 tour: judge-tokenA, then [ to judge-first's collapse at the top" scenario_tour_200x50
run "80×24 and 200×50: wrapped reproduce command, y, the command line" scenario_cmdline
run "60×20: too small" scenario_too_small
run "bad file: exit 2 with FILE:LINE" scenario_bad_file
run "non-TTY: Markdown report" scenario_non_tty
run "NO_COLOR=1: no colour SGR" scenario_no_color
run "--watch: pair count grows" scenario_watch
exit "$failed"
