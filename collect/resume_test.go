package collect

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/plumb-eval/plumb/model"
)

// TestKillChild is the child of TestKillAndResume: it runs collect against
// the server the parent names and is killed with SIGKILL mid-run.
func TestKillChild(t *testing.T) {
	base, out := os.Getenv("PLUMB_COLLECT_CHILD_BASE"), os.Getenv("PLUMB_COLLECT_CHILD_OUT")
	if base == "" {
		t.Skip("only runs as the child of TestKillAndResume")
	}
	n, _ := strconv.Atoi(os.Getenv("PLUMB_COLLECT_CHILD_N"))
	c := simConfig(t, n)
	cfg := testConfig(t, base, "judge-tokenA", "calibraeval", simItems(t, c))
	cfg.Output = out
	cfg.Jobs = 4
	run(t, cfg)
}

// TestKillAndResume kills a collect run with SIGKILL while it writes, runs
// the same collection again, and checks that the log then holds exactly
// one record per item, each with all four arrangements and the
// simulator's numbers: nothing lost, nothing twice, no torn line.
func TestKillAndResume(t *testing.T) {
	t.Parallel() // mostly waiting (timeouts, a child process): beside the llama.cpp tests
	const n = 300
	c := simConfig(t, n)
	srv, ts := startSim(t, c, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(2 * time.Millisecond) // slow enough to be killed mid-run
			h.ServeHTTP(w, r)
		})
	})
	out := t.TempDir() + "/judged.jsonl"
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillChild$")
	cmd.Env = append(os.Environ(), "PLUMB_COLLECT_CHILD_BASE="+ts.URL, "PLUMB_COLLECT_CHILD_OUT="+out,
		"PLUMB_COLLECT_CHILD_N="+strconv.Itoa(n))
	var childOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &childOut, &childOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	lines := 0
	for time.Now().Before(deadline) {
		b, _ := os.ReadFile(out)
		if lines = bytes.Count(b, []byte("\n")); lines >= 40 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	before, _ := os.ReadFile(out)
	kept := bytes.Count(before, []byte("\n"))
	if kept < 40 || kept >= n {
		t.Fatalf("the child was killed after %d of %d records; want mid-run\n%s", kept, n, childOut.String())
	}
	// A kill can leave a torn last line; simulate the worst case too.
	f, _ := os.OpenFile(out, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"kind":"pair","id":"p0299","judge":"judge-tok`)
	f.Close()

	cfg := testConfig(t, ts.URL, "judge-tokenA", "calibraeval", simItems(t, c))
	cfg.Output = out
	st, prior := run(t, cfg)
	t.Logf("killed after %d records; resumed: skipped %d, wrote %d, cut %d torn bytes", kept, st.Skipped, st.Written, prior.TornBytes)
	if prior.TornBytes == 0 || int(st.Skipped) != kept || st.Written != int64(n-kept) {
		t.Errorf("resume: torn %d, skipped %d (want %d), wrote %d (want %d)", prior.TornBytes, st.Skipped, kept, st.Written, n-kept)
	}
	lg := readLog(t, out) // the reader rejects duplicates and torn lines
	if len(lg.Pairs) != n {
		t.Fatalf("%d records after resuming, want %d", len(lg.Pairs), n)
	}
	seen := map[string]bool{}
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		if seen[p.ID] || p.NumArrangementsPresent() != 4 {
			t.Fatalf("%s: repeated or with %d arrangements", p.ID, p.NumArrangementsPresent())
		}
		seen[p.ID] = true
		num, _ := strconv.Atoi(strings.TrimLeft(p.ID[1:], "0"))
		for a := range model.NumArrangements {
			want, _ := srv.Logit("judge-tokenA", num, model.Arrangement(a))
			if d := logitOf(p, model.Arrangement(a)) - want; d > 1e-9 || d < -1e-9 {
				t.Fatalf("%s %d: logit off by %v", p.ID, a, d)
			}
		}
	}
	// A third run has nothing to do.
	st, _ = run(t, cfg)
	if st.Skipped != n || st.Requests != 0 {
		t.Errorf("third run: skipped %d, requests %d", st.Skipped, st.Requests)
	}
}

// TestCancelWritesNothingHalf cancels a run mid-way: every line in the log
// is a whole record, and a re-run completes it.
func TestCancelWritesNothingHalf(t *testing.T) {
	const n = 200
	c := simConfig(t, n)
	_, ts := startSim(t, c, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(time.Millisecond)
			h.ServeHTTP(w, r)
		})
	})
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", simItems(t, c))
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for {
			b, _ := os.ReadFile(cfg.Output)
			if bytes.Count(b, []byte("\n")) >= 20 {
				cancel()
				return
			}
			time.Sleep(time.Millisecond)
		}
	}()
	var st Stats
	_, err := Run(ctx, cfg, &st)
	if err != context.Canceled {
		t.Fatalf("Run after cancel: %v", err)
	}
	b, _ := os.ReadFile(cfg.Output)
	if len(b) == 0 || b[len(b)-1] != '\n' || int64(bytes.Count(b, []byte("\n"))) != st.Written {
		t.Fatalf("after cancel: %d bytes, written %d, lines %d", len(b), st.Written, bytes.Count(b, []byte("\n")))
	}
	t.Logf("cancelled with %d written, %d discarded in flight", st.Written, st.Discarded)
	st2, _ := run(t, cfg)
	if st2.Skipped != st.Written || st2.Written+st.Written != n {
		t.Errorf("re-run: skipped %d, wrote %d", st2.Skipped, st2.Written)
	}
	if lg := readLog(t, cfg.Output); len(lg.Pairs) != n {
		t.Errorf("%d records", len(lg.Pairs))
	}
}

// TestRefusesUnreadableOutput: collect never appends to a file that is not
// a readable log.
func TestRefusesUnreadableOutput(t *testing.T) {
	c := simConfig(t, 5)
	_, ts := startSim(t, c, nil)
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", simItems(t, c))
	os.WriteFile(cfg.Output, []byte("this is not a log\n"), 0o644)
	var st Stats
	if _, err := Run(context.Background(), cfg, &st); err == nil || !strings.Contains(err.Error(), "cannot be appended") {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(cfg.Output); string(b) != "this is not a log\n" {
		t.Error("the file was changed")
	}
}

// TestLockedOutput: a second run on an output another run holds stops.
func TestLockedOutput(t *testing.T) {
	c := simConfig(t, 5)
	_, ts := startSim(t, c, nil)
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", simItems(t, c))
	f, err := os.OpenFile(cfg.Output, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := lockOutput(f); err != nil {
		t.Fatal(err)
	}
	var st Stats
	if _, err := Run(context.Background(), cfg, &st); err == nil || !strings.Contains(err.Error(), "another plumb collect") {
		t.Fatalf("err = %v", err)
	}
}

// TestLastRecordWithoutNewline: a whole last record without its newline
// (as some tools write files) is kept, not cut as if torn.
func TestLastRecordWithoutNewline(t *testing.T) {
	c := simConfig(t, 6)
	_, ts := startSim(t, c, nil)
	items := simItems(t, c)
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", items[:3])
	run(t, cfg)
	b, _ := os.ReadFile(cfg.Output)
	os.WriteFile(cfg.Output, bytes.TrimRight(b, "\n"), 0o644)
	cfg.Items = items
	st, prior := run(t, cfg)
	if prior.TornBytes != 0 || st.Skipped != 3 || st.Written != 3 {
		t.Fatalf("torn %d, skipped %d, written %d", prior.TornBytes, st.Skipped, st.Written)
	}
	if lg := readLog(t, cfg.Output); len(lg.Pairs) != 6 {
		t.Fatalf("%d records", len(lg.Pairs))
	}
}

// TestSkippedShort: items already in the log with fewer arrangements than
// now asked for are skipped and counted, never written twice.
func TestSkippedShort(t *testing.T) {
	c := simConfig(t, 4)
	_, ts := startSim(t, c, nil)
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", simItems(t, c))
	cfg.Arrangements = []model.Arrangement{model.X0, model.X1}
	run(t, cfg)
	cfg.Arrangements = model.Arrangements[:]
	st, prior := run(t, cfg)
	if st.Skipped != 4 || st.SkippedShort != 4 || st.Written != 0 || !strings.Contains(Summary(st, prior, 0), "4 skipped items have fewer arrangements") {
		t.Errorf("skipped %d, short %d, written %d", st.Skipped, st.SkippedShort, st.Written)
	}
}

// TestRefusesNonLogUntouched (issue 17 item 1): an -o that is not a log
// was altered before it was checked — "hello world" was cut as a torn
// last line (and the run went on), "notes 1\nimportant 2" lost "important
// 2" before the run failed. The whole file is now checked first, reading
// only; a file that is not a log is refused (*OutputError) byte for byte
// untouched, and no request is sent.
func TestRefusesNonLogUntouched(t *testing.T) {
	c := simConfig(t, 3)
	var requests atomic.Int64
	_, ts := startSim(t, c, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { requests.Add(1); h.ServeHTTP(w, r) })
	})
	items := simItems(t, c)
	record := `{"kind":"pair","id":"q1","judge":"other","p_a":{"x0":0.7}}`
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(record + "\n"))
	zw.Close()
	for _, content := range []string{
		"hello world",
		"notes 1\nimportant 2",
		"notes 1\nimportant 2\n",
		record + "\nhello",                       // a log, then a last line that is no record
		record + "\n{\"kind\":\"pair\",\"id\":}", // a last line that is broken JSON, not JSON cut short
		"[" + record + "]",                       // a JSON array: read, but not appendable
		gz.String(),                              // gzip: read, but not appendable
		"{\"kind\":\"pair\",\"id\":\"q\n" + record + "\n", // a torn line in the middle
		record + "\n" + record + "\n",                     // a duplicate record
		"\xef\xbb\xbf[]",
	} {
		cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", items)
		if err := os.WriteFile(cfg.Output, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		before := requests.Load()
		var st Stats
		_, err := Run(context.Background(), cfg, &st)
		var oe *OutputError
		if !errors.As(err, &oe) || !strings.Contains(err.Error(), "cannot be appended to") {
			t.Errorf("%q: err = %v, want an *OutputError", content, err)
		}
		if b, _ := os.ReadFile(cfg.Output); string(b) != content {
			t.Errorf("%q: the file was changed to %q", content, b)
		}
		if n := requests.Load() - before; n != 0 || st.Done != 0 {
			t.Errorf("%q: %d requests sent", content, n)
		}
		t.Logf("%q: %v", content, err)
	}
}

// TestTornOnlyLineCut: a run killed during its first write leaves a file
// holding only the start of a record; that is cut and the run proceeds.
func TestTornOnlyLineCut(t *testing.T) {
	c := simConfig(t, 3)
	_, ts := startSim(t, c, nil)
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", simItems(t, c))
	torn := `{"kind":"pair","id":"p0001","judge":"judge-fi`
	os.WriteFile(cfg.Output, []byte(torn), 0o644)
	st, prior := run(t, cfg)
	if prior.TornBytes != len(torn) || st.Written != 3 {
		t.Fatalf("torn %d, written %d", prior.TornBytes, st.Written)
	}
	if lg := readLog(t, cfg.Output); len(lg.Pairs) != 3 {
		t.Fatalf("%d records", len(lg.Pairs))
	}
}

// TestOutputFolder: -o naming a folder is an *OutputError.
func TestOutputFolder(t *testing.T) {
	c := simConfig(t, 2)
	_, ts := startSim(t, c, nil)
	cfg := testConfig(t, ts.URL, "judge-first", "calibraeval", simItems(t, c))
	cfg.Output = t.TempDir()
	var st Stats
	var oe *OutputError
	if _, err := Run(context.Background(), cfg, &st); !errors.As(err, &oe) || !strings.Contains(err.Error(), "folder") {
		t.Fatalf("err = %v", err)
	}
	// /dev/null is written through (a FIFO is refused: resume_unix_test.go).
	if _, err := os.Stat(os.DevNull); err == nil {
		cfg.Output = os.DevNull
		cfg.Failures = filepath.Join(t.TempDir(), "failures.jsonl")
		st := Stats{}
		if _, err := Run(context.Background(), cfg, &st); err != nil || st.Written != 2 {
			t.Errorf("/dev/null: %v, written %d", err, st.Written)
		}
	}
}
