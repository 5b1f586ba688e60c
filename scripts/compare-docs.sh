#!/usr/bin/env bash
# compare-docs: checks that a build writes the same documents as an earlier
# one, byte for byte: `plumb report` as Markdown, JSON and CSV and `plumb
# calibrate`'s log, on the embedded demo, on a simulated 4-arrangement log
# and on the real logs in ../shared/data (FastChat, AlpacaEval, LLMBar,
# PandaLM) when they are there. For refactors that must change nothing a
# user sees (issue 25's invariant).
#
#   scripts/compare-docs.sh OLD-PLUMB [NEW-PLUMB]
#
# OLD-PLUMB is the earlier binary (e.g. `git worktree add /tmp/old REV &&
# (cd /tmp/old && go build -buildvcs=false -o /tmp/plumb-old ./cmd/plumb)`);
# NEW-PLUMB defaults to a build of this checkout. Both are built with
# -buildvcs=false, so the "plumb" version key is equal. Prints one line per
# document and exits 1 when any differs (the diff's first lines follow).
set -uo pipefail

[ $# -ge 1 ] || { sed -n '2,15p' "$0"; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
old=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -ge 2 ]; then
	new=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
else
	new=$tmp/plumb-new
	(cd "$root" && go build -buildvcs=false -o "$new" ./cmd/plumb) || exit 2
fi
data=$root/../shared/data
mkdir -p "$tmp/old" "$tmp/new" "$tmp/in"
"$old" simulate --pairs 600 --scores 200 --verdicts 300 --seed 7 -o "$tmp/in/sim4.jsonl" 2>/dev/null || exit 2

inputs=("demo:" "sim4:$tmp/in/sim4.jsonl")
[ -d "$data" ] && inputs+=(
	"fastchat:$data/fastchat-mtbench/gpt-4_pair.jsonl"
	"alpacaeval:$data/alpacaeval/alpaca-7b.annotations.json"
	"alpacaeval-verbose:$data/alpacaeval/alpaca-7b_verbose.annotations.json"
	"llmbar-gpt4:$data/llmbar/Dataset/Processed/MT-Bench/evaluators/GPT-4/Vanilla_NoRules/result.json"
	"llmbar-chatgpt-faireval:$data/llmbar/Dataset/Processed/FairEval/evaluators/ChatGPT/Vanilla_NoRules/result.json"
	"pandalm:$data/pandalm/gpt-3.5-turbo-testset-v1.json"
)
[ -d "$data" ] || echo "compare-docs: no ../shared/data: the real logs are not compared"

fail=0
run() { # name, file-or-empty, then the plumb arguments
	local name=$1 file=$2
	shift 2
	for side in old new; do
		local bin=$old
		[ $side = new ] && bin=$new
		(cd "$tmp/in" && "$bin" "$@" ${file:+"$file"} >"$tmp/$side/$name" 2>"$tmp/$side/$name.err"; echo "exit $?" >>"$tmp/$side/$name.err")
	done
	if cmp -s "$tmp/old/$name" "$tmp/new/$name" && cmp -s "$tmp/old/$name.err" "$tmp/new/$name.err"; then
		echo "same  $name ($(wc -c <"$tmp/new/$name") bytes)"
	else
		echo "DIFF  $name"
		diff "$tmp/old/$name" "$tmp/new/$name" | head -20
		diff "$tmp/old/$name.err" "$tmp/new/$name.err" | head -5
		fail=1
	fi
}
for in in "${inputs[@]}"; do
	name=${in%%:*} file=${in#*:}
	for f in md json csv; do
		run "$name.report.$f" "$file" report --format "$f" --bootstrap 200
	done
	run "$name.calibrate" "$file" calibrate --allow-degenerate -o -
done
run "demo.report.path.json" "" report --format json --path --bootstrap 0
run "demo.report.style.md" "" report --format md --style on --style-pref calibrated --bootstrap 100
run "alpacaeval.report.self.json" "$data/alpacaeval/alpaca-7b.annotations.json" report --format json --style on --self weighted_alpaca_eval_gpt4_turbo=gpt4_1106_preview --bootstrap 100
run "sim4.report.points.json" "$tmp/in/sim4.jsonl" report --format json --points --bootstrap 0
exit $fail
