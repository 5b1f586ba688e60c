#!/usr/bin/env bash
# screenshot: remakes docs/img/selection.png, the README's picture of the
# Selection pane on the embedded demo (judge-tokenA, 130×44 terminal).
#
#   scripts/screenshot.sh [OUT.png]      (needs go, tmux and perl)
#
# How: plumb runs in a private tmux server; the script presses 2 (Selection
# pane) and ] ] (judge-tokenA), waits until the numbers, the bootstrap marks
# and the fit path are on screen, captures the pane with its colours
# (capture-pane -e) and renders it to PNG with Charm's freeze.
#
# Why freeze (github.com/charmbracelet/freeze, pinned below): it is a Go
# module, so `go install` builds it from the module proxy with nothing else
# to install, and it renders ANSI text to PNG itself (resvg compiled to
# WebAssembly, run by wazero: no browser, no system fonts; it embeds
# JetBrains Mono, which has every box-drawing and block glyph the pane
# uses). vhs would need Chrome and ttyd. freeze's ANSI reader does not know
# SGR 39/49 (default colours) and resets the colour on bold, so the capture
# is first rewritten (the perl below) so that every SGR sequence states the
# whole colour state: reset, foreground, background. Bold is dropped (freeze
# draws no bold).
#
# The picture differs between runs only in the status line's recompute time.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/docs/img/selection.png}
freeze_version=v0.2.2
cols=130 rows=44 font=22 pad=24
timeout_s=${SHOT_TIMEOUT:-60}
unset NO_COLOR TMUX

for tool in go tmux perl; do
  command -v "$tool" >/dev/null || { echo "screenshot: $tool is needed" >&2; exit 1; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/plumb-shot.XXXXXX")
sock=plumb-shot-$$
cleanup() {
  tmux -L "$sock" kill-server >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "== building plumb and freeze $freeze_version"
(cd "$root" && go build -buildvcs=false -o "$tmp/plumb" ./cmd/plumb)
(cd "$tmp" && GOBIN="$tmp" go install "github.com/charmbracelet/freeze@$freeze_version")

cat >"$tmp/tmux.conf" <<'EOF'
set-option -g exit-empty off
set-option -g status off
set-option -g default-terminal "tmux-256color"
EOF
t() { tmux -L "$sock" -f "$tmp/tmux.conf" "$@"; }

# wait_for REGEX [BUSY...] polls the screen until the extended regex REGEX
# matches and none of the BUSY regexes does.
wait_for() {
  local re=$1 end=$((SECONDS + timeout_s)) text
  shift
  while :; do
    text=$(t capture-pane -p -t shot)
    if grep -qE -- "$re" <<<"$text"; then
      local busy=0 p
      for p in "$@"; do grep -qE -- "$p" <<<"$text" && busy=1; done
      [ "$busy" = 0 ] && return 0
    fi
    if ((SECONDS >= end)); then
      echo "screenshot: timed out after ${timeout_s}s waiting for /$re/; the screen:" >&2
      sed 's/^/  | /' <<<"$text" >&2
      exit 1
    fi
    sleep 0.2
  done
}

echo "== capturing the Selection pane (${cols}×${rows})"
t new-session -d -s shot -x "$cols" -y "$rows" -c "$tmp" "$tmp/plumb"
wait_for 'flips its choice'
t send-keys -t shot -l 2
wait_for 'Learned map g\*'
t send-keys -t shot -l ']'
wait_for 'judge-first [0-9]/3'
t send-keys -t shot -l ']'
# Done: judge-tokenA's numbers current (✓ on the status line), the
# bootstrap's marks drawn and the fit path computed.
wait_for 'judge-tokenA 3/3' 'bootstrap [0-9]+%' 'computing' '⟳' '^ *judge-(fair|first) ·'
wait_for '✓ +[0-9.]+ ms *$' 'bootstrap [0-9]+%' 'computing' '⟳'
wait_for 'Fit path' 'computing path'
t capture-pane -p -e -t shot >"$tmp/pane.ansi"

# Every SGR sequence becomes the full colour state it leaves (see above);
# each line starts with the state the previous one left.
perl -e '
  my ($fg, $bg) = ("", "");
  sub state { my $s = "\e[0m"; $s .= "\e[${fg}m" if $fg ne ""; $s .= "\e[${bg}m" if $bg ne ""; $s }
  sub sgr {
    my @p = split /;/, ($_[0] eq "" ? "0" : $_[0]);
    while (@p) {
      my $v = shift @p;
      if ($v == 0) { ($fg, $bg) = ("", "") }
      elsif ($v == 39) { $fg = "" }
      elsif ($v == 49) { $bg = "" }
      elsif ($v == 38 || $v == 48) {
        my $m = shift @p;
        my $c = $m == 5 ? "$v;5;" . shift(@p) : "$v;2;" . join(";", splice(@p, 0, 3));
        if ($v == 38) { $fg = $c } else { $bg = $c }
      }
      elsif (($v >= 30 && $v <= 37) || ($v >= 90 && $v <= 97)) { $fg = $v }
      elsif ($v >= 40 && $v <= 47) { $bg = "48;5;" . ($v - 40) }
      elsif ($v >= 100 && $v <= 107) { $bg = "48;5;" . ($v - 92) }
    }
    state();
  }
  while (<>) { my $pre = state(); s/\e\[([0-9;]*)m/sgr($1)/ge; print $pre . $_ }
' "$tmp/pane.ansi" >"$tmp/pane.norm.ansi"

# freeze places column c at c × font/1.68 px; an explicit width keeps its
# PNG at 1× (automatic sizes render at 4×, a 4 MB file).
width=$(awk -v c="$cols" -v f="$font" -v p="$pad" 'BEGIN { printf "%d", c * f / 1.68 + 2 * p + 24 }')
mkdir -p "$(dirname "$out")"
part="$(dirname "$out")/.$(basename "$out").tmp-$$.png" # renamed into place: never a half-written picture
"$tmp/freeze" --language ansi --window=false --margin 0 --padding "$pad" \
  --font.size "$font" --width "$width" --output "$part" <"$tmp/pane.norm.ansi" >/dev/null
chmod 0644 "$part" && mv -f "$part" "$out"
echo "wrote $out"
