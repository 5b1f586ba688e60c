// Command gen writes the embedded demo log, demo.jsonl.gz, from the demo's
// simulator configuration. Run it with `go generate ./model/demo`.
package main

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"os"

	"github.com/plumb-eval/plumb/model/demo/internal/spec"
	"github.com/plumb-eval/plumb/model/sim"
)

func main() {
	out := flag.String("o", spec.FileName, "output file")
	flag.Parse()
	if err := write(*out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// write generates the demo into name, gzipped with a fixed header (no name,
// no time) so that the same simulator gives the same file.
func write(name string) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	zw, err := gzip.NewWriterLevel(bw, gzip.BestCompression)
	if err != nil {
		f.Close()
		return err
	}
	if err := sim.Write(zw, spec.Config()); err != nil {
		f.Close()
		return err
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
