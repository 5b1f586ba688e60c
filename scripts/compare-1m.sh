#!/usr/bin/env bash
# compare-1m: checks that `plumb report --format json --points` on the
# 998,400-record log (docs/performance.md) writes exactly the bytes of a report
# made by an earlier build, and prints wall, CPU and peak RSS
# of the default (lean) and the --points report.
#
#   scripts/compare-1m.sh LOG BASE.json [OLD-PLUMB]
#
# LOG is the log (`plumb simulate --pairs 128000 --scores 25600 --verdicts
# 128000 --digits 6 -o big.jsonl`), BASE.json the old binary's `plumb report
# LOG --format json -o BASE.json`, run from LOG's folder with LOG named
# without a folder (the report names the file as given); this script does
# the same. Given OLD-PLUMB, BASE.json is made with it first when missing.
# The "plumb" version key is compared too: build both from a checkout, or
# expect that one line to differ. Not run by CI (a 315 MB log, ≈ 10 s of
# CPU per report). Exit status 0 when the bytes are equal.
set -euo pipefail

[ $# -ge 2 ] || { sed -n '2,17p' "$0"; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
log=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
base=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -e "$base" ]; then
	[ $# -ge 3 ] || { echo "compare-1m: $base is missing and no OLD-PLUMB given" >&2; exit 2; }
	old=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
	(cd "$(dirname "$log")" && "$old" report "$(basename "$log")" --format json -o "$base")
fi

(cd "$root" && go build -o "$tmp/plumb" ./cmd/plumb)

measure() { # label, output, flags…
	local label=$1 out=$2
	shift 2
	(cd "$(dirname "$log")" && /usr/bin/time -v "$tmp/plumb" report "$(basename "$log")" --format json "$@" -o "$out") 2>"$tmp/time"
	awk -v l="$label" -F': ' '
		/Elapsed/ {w=$2} /User time/ {u=$2} /System time/ {s=$2} /Maximum resident/ {r=$2}
		END {printf "%s: wall %s, CPU %.2f s (user %s + sys %s), peak RSS %d MB\n", l, w, u+s, u, s, r/1024}' "$tmp/time"
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
measure "default (no points)" "$tmp/lean.json"
measure "--points" "$tmp/points.json" --points
echo "sizes: default $(stat -c %s "$tmp/lean.json") bytes, --points $(stat -c %s "$tmp/points.json"), base $(stat -c %s "$base")"
if cmp "$tmp/points.json" "$base"; then
	echo "--points report: identical to $base"
else
	echo "--points report: DIFFERS from $base" >&2
	diff <(head -c 2000000 "$tmp/points.json") <(head -c 2000000 "$base") | head -20 >&2 || true
	exit 1
fi
