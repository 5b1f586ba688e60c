package model_test

import (
	"bytes"
	"os"
	"sync"
	"testing"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/sim"
	"github.com/plumb-eval/plumb/model/sim/simtest"
)

// simLogCfg is issue 13's 1M-record log (`plumb simulate --pairs 128000
// --scores 25600 --verdicts 128000 --digits 6`) at 1/8 of its size:
// 124,800 records of all three kinds, ≈ 39 MB.
func simLogCfg() sim.Config {
	c := simtest.Config(16000, 3200, 16000)
	c.Digits = 6
	return c
}

var simLog = sync.OnceValues(func() ([]byte, error) {
	var buf bytes.Buffer
	err := sim.Write(&buf, simLogCfg())
	return buf.Bytes(), err
})

// BenchmarkReadSimLog reads a simulated log of all three record kinds with
// texts skipped, as `plumb report` reads its input. The log is made in
// process, so this runs anywhere.
//
//	go test -run '^$' -bench ReadSimLog -benchtime 5x ./model
func BenchmarkReadSimLog(b *testing.B) {
	data, err := simLog()
	if err != nil {
		b.Fatal(err)
	}
	cfg := simLogCfg()
	want := cfg.Records()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu := model.ProcessCPU()
	for range b.N {
		l, err := model.Read(bytes.NewReader(data), "sim.jsonl", model.ReadOptions{SkipText: true})
		if err != nil {
			b.Fatal(err)
		}
		if n := len(l.Pairs) + len(l.Scores) + len(l.Verdicts); n != want {
			b.Fatalf("%d records, want %d", n, want)
		}
	}
	model.ReportCPU(b, cpu)
	b.ReportMetric(float64(want), "records")
}

// bigLogPath is the 1M-record log of issue 13: $PLUMB_BIG_LOG, else
// /tmp/big/big.jsonl.
func bigLogPath() string {
	if p := os.Getenv("PLUMB_BIG_LOG"); p != "" {
		return p
	}
	return "/tmp/big/big.jsonl"
}

// BenchmarkReadBigLog reads issue 13's 1M-record log from its file, as
// `plumb report` does (texts skipped). It skips when the file is absent;
// make it with `plumb simulate --pairs 128000 --scores 25600 --verdicts
// 128000 --digits 6 -o big.jsonl` and point PLUMB_BIG_LOG at it.
//
//	go test -run '^$' -bench ReadBigLog -benchtime 3x ./model
func BenchmarkReadBigLog(b *testing.B) {
	path := bigLogPath()
	fi, err := os.Stat(path)
	if err != nil {
		b.Skipf("no big log: %v (set PLUMB_BIG_LOG)", err)
	}
	b.SetBytes(fi.Size())
	b.ReportAllocs()
	n := 0
	cpu := model.ProcessCPU()
	for range b.N {
		l, err := model.ReadFiles([]string{path}, model.ReadOptions{SkipText: true})
		if err != nil {
			b.Fatal(err)
		}
		n = len(l.Pairs) + len(l.Scores) + len(l.Verdicts)
	}
	model.ReportCPU(b, cpu)
	b.ReportMetric(float64(n), "records")
}
