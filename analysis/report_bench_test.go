package analysis

import (
	"testing"

	"github.com/spf13/pflag"

	"github.com/plumb-eval/plumb/model/demo"
)

// BenchmarkReportDemoDefault is `plumb report` on the embedded demo (3
// judges × 3,000 pair items in x0..x3) with the flags' defaults, every
// interval included: Analyze as the command runs it (goal ≤ 3 s wall on
// the 2-core development machine; docs/performance.md). The log is read
// once, outside the timing.
func BenchmarkReportDemoDefault(b *testing.B) { benchReportDemo(b) }

// BenchmarkReportDemoFixed is the same with --fixed-fit.
func BenchmarkReportDemoFixed(b *testing.B) { benchReportDemo(b, "--fixed-fit") }

func benchReportDemo(b *testing.B, args ...string) {
	fs := pflag.NewFlagSet("plumb", pflag.ContinueOnError)
	f := RegisterFlags(fs)
	if err := fs.Parse(args); err != nil {
		b.Fatal(err)
	}
	opt, err := f.Options()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		b.StopTimer()
		lg, err := demo.Log()
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := Analyze(lg, opt); err != nil {
			b.Fatal(err)
		}
	}
}
