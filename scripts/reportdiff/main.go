// Command reportdiff compares two JSON reports of plumb as JSON: key by
// key, numbers by their values (1 and 1.0 are equal; --rel allows a
// relative difference), after deleting the keys named by --drop, and
// prints every difference with its path. It is how the updates of
// cmd/plumb/testdata/report-prechange.json.gz were checked
// (cmd/plumb/testdata/report-prechange.md).
//
//	go run ./scripts/reportdiff [--drop KEY]... [--rel R] [--max N] OLD.json[.gz] NEW.json[.gz]
//
// --drop KEY deletes, in both, every key whose path ends with KEY: a name
// (distance_delta_ci95, everywhere) or a dotted path (selection.methods.cc,
// in every judge); array positions are not part of a path's keys. It
// exits 0 when the two are equal, 1 when they differ, 2 on an error.
package main

import (
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// dropList is the repeatable --drop flag.
type dropList []string

func (d *dropList) String() string     { return strings.Join(*d, ",") }
func (d *dropList) Set(s string) error { *d = append(*d, s); return nil }

// run is the command on args, writing to stdout and stderr; it returns
// the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("reportdiff", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var drops dropList
	fs.Var(&drops, "drop", "`KEY` (a name or a dotted path) deleted at any depth before comparing; repeatable")
	rel := fs.Float64("rel", 0, "relative difference two numbers may have and still be equal")
	most := fs.Int("max", 50, "differences printed at the most")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 2 || *rel < 0 {
		fmt.Fprintln(stderr, "usage: reportdiff [--drop KEY]... [--rel R] [--max N] OLD.json[.gz] NEW.json[.gz]")
		return 2
	}
	var docs [2]any
	for i, name := range fs.Args() {
		v, err := readJSON(name)
		if err != nil {
			fmt.Fprintln(stderr, "reportdiff:", err)
			return 2
		}
		for _, d := range drops {
			v = drop(v, strings.Split(d, "."), nil)
		}
		docs[i] = v
	}
	diffs := compare(docs[0], docs[1], "", *rel)
	for i, d := range diffs {
		if i == *most {
			fmt.Fprintf(stdout, "… and %d more\n", len(diffs)-i)
			break
		}
		fmt.Fprintln(stdout, d)
	}
	if len(diffs) > 0 {
		if len(diffs) == 1 {
			fmt.Fprintln(stdout, "1 difference")
		} else {
			fmt.Fprintf(stdout, "%d differences\n", len(diffs))
		}
		return 1
	}
	fmt.Fprintln(stdout, "equal")
	return 0
}

// readJSON reads one JSON document from name, gunzipped when name ends
// in .gz, its numbers kept as written (json.Number).
func readJSON(name string) (any, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		r = zr
	}
	dec := json.NewDecoder(r)
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return v, nil
}
