package report

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/plumb-eval/plumb/analysis"
	"github.com/plumb-eval/plumb/calib/selection"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// BenchmarkReport1M measures `plumb report --format json` end to end on a
// simulated log of about 1,000,000 records: the default three judges, 128,000
// pair items each in x0..x3 (384,000 pair records), 25,600 score items on
// three criteria (230,400 records) and 128,000 verdict items (384,000
// records). The log is written to a temporary file once; each iteration
// reads, analyses and formats it.
func BenchmarkReport1M(b *testing.B) {
	cfg := simtest.Config(128_000, 25_600, 128_000)
	cfg.Digits = 6
	path := filepath.Join(b.TempDir(), "sim.jsonl")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	if err := sim.Write(w, cfg); err != nil {
		b.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	st, _ := os.Stat(path)
	b.SetBytes(st.Size())
	b.ReportMetric(float64(cfg.Records()), "records")
	b.ResetTimer()
	for b.Loop() {
		lg, err := model.ReadFiles([]string{path}, model.ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		an, err := analysis.Analyze(lg, analysis.Options{Selection: selection.DefaultOptions()})
		if err != nil {
			b.Fatal(err)
		}
		if err := WriteJSON(io.Discard, BuildDoc(an, "bench")); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReportDemo measures the whole report on the embedded demo's
// size (3 judges × 3,000 pair items in x0..x3).
func BenchmarkReportDemo(b *testing.B) {
	lg := simtest.Log(b, 3000, 600, 1000)
	for b.Loop() {
		an, err := analysis.Analyze(lg, analysis.Options{Selection: selection.DefaultOptions()})
		if err != nil {
			b.Fatal(err)
		}
		if err := WriteMarkdown(io.Discard, an); err != nil {
			b.Fatal(err)
		}
	}
}
