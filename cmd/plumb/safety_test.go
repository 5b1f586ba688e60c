//go:build unix

package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// executeIn runs plumb with args and stdin, returning stdout, stderr and
// the exit status.
func executeIn(t *testing.T, stdin []byte, args ...string) (string, string, int) {
	t.Helper()
	root := newRootCmd()
	var out, errOut bytes.Buffer
	root.SetIn(bytes.NewReader(stdin))
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	code := 0
	if err := root.Execute(); err != nil {
		code = exitCode(err)
		errOut.WriteString(err.Error())
	}
	return out.String(), errOut.String(), code
}

// simLog writes a small simulated pair log to dir/name.
func simLog(t *testing.T, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if _, stderr, code := executeIn(t, nil, "simulate", "--pairs", "50", "--scores", "0", "--verdicts", "0", "-o", p); code != 0 {
		t.Fatalf("simulate: %s", stderr)
	}
	return p
}

// TestOutputOverInputInFolder (issue 10, item 1): -o onto a file read from
// a folder, or a hard link to it, is refused, and the file is untouched.
func TestOutputOverInputInFolder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	d := filepath.Join(dir, "d")
	os.Mkdir(d, 0o755)
	in := simLog(t, d, "a.jsonl")
	want, _ := os.ReadFile(in)
	hard := filepath.Join(dir, "hard.jsonl")
	if err := os.Link(in, hard); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"report", d, "-o", in, "--bootstrap", "0"}, // the intervals are not what is refused
		{"import", d, "-o", in},
		{"calibrate", d, "-o", in},
		{"report", d, "-o", hard, "--bootstrap", "0"},
		{"import", d, "-o", hard},
	} {
		_, stderr, code := executeIn(t, nil, args...)
		if code != exitBadInput || !strings.Contains(stderr, "refusing to overwrite an input file") {
			t.Errorf("%v: exit %d, %s", args, code, stderr)
		}
		if got, _ := os.ReadFile(in); !bytes.Equal(got, want) {
			t.Fatalf("%v overwrote the input", args)
		}
	}
}

// TestDashOutputIsStdout (item 4): -o - is stdout in every command.
func TestDashOutputIsStdout(t *testing.T) {
	dir := t.TempDir()
	in := simLog(t, dir, "a.jsonl")
	t.Chdir(dir)
	for _, args := range [][]string{
		{"report", in, "-o", "-", "--bootstrap", "0"},
		{"import", in, "-o", "-"},
		{"calibrate", in, "-o", "-"},
		{"simulate", "--pairs", "3", "-o", "-"},
	} {
		out, stderr, code := executeIn(t, nil, args...)
		if code != 0 || out == "" {
			t.Errorf("%v: exit %d, %d bytes on stdout: %s", args, code, len(out), stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
			t.Fatalf("%v created a file named -", args)
		}
	}
}

// TestStdinInput (item 3): "-" reads the log from stdin, gzip or not, in
// every command that reads logs; an input without records is an error.
func TestStdinInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := simLog(t, dir, "a.jsonl")
	raw, _ := os.ReadFile(in)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(raw)
	zw.Close()
	for name, data := range map[string][]byte{"plain": raw, "gzip": gz.Bytes()} {
		out, stderr, code := executeIn(t, data, "report", "-", "--bootstrap", "0")
		if code != 0 || !strings.Contains(out, "150 pair") {
			t.Errorf("%s report -: exit %d %s\n%.300s", name, code, stderr, out)
		}
		out, stderr, code = executeIn(t, data, "import", "-")
		if code != 0 || strings.Count(out, "\n") != 150 {
			t.Errorf("%s import -: exit %d, %d lines: %s", name, code, strings.Count(out, "\n"), stderr)
		}
		out, stderr, code = executeIn(t, data, "calibrate", "-", "-o", "-")
		if code != 0 || strings.Count(out, "\n") != 150 {
			t.Errorf("%s calibrate -: exit %d, %d lines: %s", name, code, strings.Count(out, "\n"), stderr)
		}
	}
	if _, stderr, code := executeIn(t, []byte("\n\n  \n"), "report", "-"); code != exitBadInput {
		t.Errorf("blank stdin: exit %d, %s", code, stderr)
	}
}

// TestFIFOInput (item 3): a FIFO is read once, its format detected by
// content (gzip) without losing its start.
func TestFIFOInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := simLog(t, dir, "a.jsonl")
	raw, _ := os.ReadFile(in)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		zw := gzip.NewWriter(f)
		zw.Write(raw)
		zw.Close()
		f.Close()
	}()
	out, stderr, code := executeIn(t, nil, "report", fifo, "--bootstrap", "0")
	if code != 0 || !strings.Contains(out, "150 pair") {
		t.Errorf("report FIFO: exit %d %s\n%.300s", code, stderr, out)
	}
}

// TestOutputDevice (item 2): a device target is written through; a write
// error exits 2; the device stays a device.
func TestOutputDevice(t *testing.T) {
	full := "/dev/full"
	if os.Geteuid() == 0 { // never risk the machine's devices as root
		full = filepath.Join(t.TempDir(), "full")
		if err := syscall.Mknod(full, syscall.S_IFCHR|0o666, 1<<8|7); err != nil {
			t.Skip(err)
		}
	} else if _, err := os.Stat(full); err != nil {
		t.Skip(err)
	}
	_, stderr, code := executeIn(t, nil, "simulate", "--pairs", "2000", "-o", full)
	if code != exitBadInput || !strings.Contains(stderr, "no space left") {
		t.Errorf("-o %s: exit %d, %s", full, code, stderr)
	}
	if fi, _ := os.Lstat(full); fi.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("%s was replaced: %v", full, fi.Mode())
	}
}

// TestSignalRemovesTemp (item 8): SIGINT in the middle of writing a large
// output leaves no temporary file (and no output) behind.
func TestSignalRemovesTemp(t *testing.T) {
	if os.Getenv("PLUMB_TEST_MAIN") != "" {
		os.Exit(run(strings.Fields(os.Getenv("PLUMB_TEST_MAIN"))))
	}
	if testing.Short() {
		t.Skip("writes a large file")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "big.jsonl")
	cmd := exec.Command(os.Args[0], "-test.run=^TestSignalRemovesTemp$")
	cmd.Env = append(os.Environ(), "PLUMB_TEST_MAIN=simulate --pairs 2000000 --scores 0 --verdicts 0 -o "+out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		m, _ := filepath.Glob(filepath.Join(dir, ".big.jsonl.tmp-*"))
		if len(m) == 1 {
			if fi, err := os.Stat(m[0]); err == nil && fi.Size() > 1<<20 {
				break
			}
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no temporary file grew: %s", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Errorf("exit after SIGINT: %v (%s)", err, stderr.String())
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("left behind: %v", ents)
	}
}
