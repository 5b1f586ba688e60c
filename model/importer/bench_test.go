package importer

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// Import speed on JSON Lines that look like the real thing: long judge
// texts with escapes and non-ASCII, a few short fields that matter.

// benchText returns about n bytes of judge-like text as a JSON string body.
func benchText(r *rand.Rand, n int) string {
	words := []string{"The", "answer", "of", "Assistant", "A", "is", "more", "helpful,", "accurate", "and",
		"relevant", `\"quoted\"`, `\n\n`, "naïve", "résumé", "—", "[[A]]", "because", "it", "explains", `\t`}
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(words[r.IntN(len(words))])
		b.WriteByte(' ')
	}
	return b.String()
}

// benchFile writes a JSON Lines file of about size bytes made by line(i)
// and returns its path and exact size.
func benchFile(b *testing.B, name string, size int, line func(r *rand.Rand, i int) string) (string, int64) {
	b.Helper()
	path := filepath.Join(b.TempDir(), name)
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	r := rand.New(rand.NewPCG(1, 2))
	n := 0
	for i := 0; n < size; i++ {
		s := line(r, i)
		w.WriteString(s)
		w.WriteByte('\n')
		n += len(s) + 1
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	return path, int64(n)
}

var winners = []string{`"model_1"`, `"model_2"`, `"tie"`, `"error"`}

func fastChatLine(r *rand.Rand, i int) string {
	return fmt.Sprintf(`{"question_id": %d, "model_1": "model-%d", "model_2": "model-%d", "g1_winner": %s, "g2_winner": %s, `+
		`"judge": ["gpt-4", "pair-v2"], "g1_user_prompt": "%s", "g1_judgment": "%s", "g2_user_prompt": "%s", "g2_judgment": "%s", `+
		`"turn": 1, "tstamp": 1687222961.%d}`,
		i, i%7, i%5, winners[r.IntN(4)], winners[r.IntN(4)],
		benchText(r, 3000), benchText(r, 800), benchText(r, 3000), benchText(r, 800), i)
}

var scores = []string{`"A>>B"`, `"A>B"`, `"A=B"`, `"B>A"`, `"B>>A"`, `null`}

func arenaHardLine(r *rand.Rand, i int) string {
	return fmt.Sprintf(`{"question_id": "q%08d", "model": "model-x", "judge": "gpt-4-1106-preview", "games": [`+
		`{"user_prompt": "%s", "judgment": "%s", "score": %s}, {"user_prompt": "%s", "judgment": "%s", "score": %s}]}`,
		i, benchText(r, 3000), benchText(r, 1200), scores[r.IntN(6)], benchText(r, 3000), benchText(r, 1200), scores[r.IntN(6)])
}

func judgeBenchLine(r *rand.Rand, i int) string {
	return fmt.Sprintf(`{"pair_id": "p%08d", "original_id": %d, "source": "mmlu-pro", "question": "%s", "response_model": "gpt-4o", `+
		`"response_A": "%s", "response_B": "%s", "label": "A>B", "judge_name": "reward_model", "judgments": [`+
		`{"judgment": {"judge_model": "rm", "prompt": "", "response": "", "scores": [%.4f, %.4f]}, "decision": "A>B"}, `+
		`{"judgment": {"judge_model": "rm", "prompt": "", "response": "", "scores": [%.4f, %.4f]}, "decision": "B>A"}]}`,
		i, i, benchText(r, 800), benchText(r, 2500), benchText(r, 2500), 10*r.Float64(), 10*r.Float64(), 10*r.Float64(), 10*r.Float64())
}

func benchmarkLoad(b *testing.B, name string, line func(*rand.Rand, int) string, skipText bool) {
	path, size := benchFile(b, name, 64<<20, line)
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		lg, err := Load([]string{path}, "", model.ReadOptions{SkipText: skipText}, Options{})
		if err != nil || len(lg.Pairs) == 0 {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadFastChat: 64 MB of FastChat judgments as plumb report reads
// them (texts skipped; FastChat rows hold no texts of their own).
func BenchmarkLoadFastChat(b *testing.B) {
	benchmarkLoad(b, "gpt-4_pair.jsonl", fastChatLine, true)
}

// BenchmarkLoadArenaHard: 64 MB of Arena-Hard judgments.
func BenchmarkLoadArenaHard(b *testing.B) {
	benchmarkLoad(b, "model.jsonl", arenaHardLine, true)
}

// BenchmarkLoadJudgeBench: 64 MB of JudgeBench reward-model outputs, with
// the texts kept (plumb import) and skipped (plumb report).
func BenchmarkLoadJudgeBench(b *testing.B) {
	b.Run("texts", func(b *testing.B) { benchmarkLoad(b, "jb.jsonl", judgeBenchLine, false) })
	b.Run("no-texts", func(b *testing.B) { benchmarkLoad(b, "jb.jsonl", judgeBenchLine, true) })
}

// BenchmarkDetectHugeRecord detects a file whose first record has a 20 MB
// prompt after 1 MiB of blank lines: detection skips both a buffer at a
// time.
func BenchmarkDetectHugeRecord(b *testing.B) {
	path, size := benchFile(b, "huge.jsonl", 1, func(r *rand.Rand, i int) string {
		return strings.Repeat("\n", 1<<20) + `{"question_id": 1, "g1_user_prompt": "` + benchText(r, 20<<20) + `", "g1_winner": "model_1"}`
	})
	b.SetBytes(size)
	for b.Loop() {
		if f, err := Detect(path); err != nil || f != FormatFastChat {
			b.Fatal(f, err)
		}
	}
}
