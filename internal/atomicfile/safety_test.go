//go:build unix

package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// TestWriteKeepsMode: overwriting a 0600 file keeps it 0600 (it was left
// 0644); a new file gets 0666 less the umask.
func TestWriteKeepsMode(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "secret.jsonl")
	if err := os.WriteFile(name, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(name, writeString("new")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(name); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode after overwrite %v, want 0600", fi.Mode().Perm())
	}
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	fresh := filepath.Join(dir, "fresh.jsonl")
	if err := Write(fresh, writeString("x")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o640 {
		t.Errorf("new file mode %v under umask 027, want 0640", fi.Mode().Perm())
	}
}

// TestWriteThroughSymlink: the link stays a link, its target is replaced.
func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.md")
	link := filepath.Join(dir, "link.md")
	os.WriteFile(target, []byte("old"), 0o644)
	if err := os.Symlink("real.md", link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, writeString("new")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("link is no longer a symlink: %v %v", fi.Mode(), err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target holds %q, want new", b)
	}
	// A dangling link creates its target.
	dang := filepath.Join(dir, "dangling.md")
	os.Symlink("made.md", dang)
	if err := Write(dang, writeString("made")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "made.md")); string(b) != "made" {
		t.Errorf("dangling link target holds %q", b)
	}
}

// TestWriteFIFO: a FIFO is written through, not replaced by a file.
func TestWriteFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs:", err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	if err := Write(fifo, writeString("through")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through" {
		t.Errorf("reader got %q", s)
	}
	if fi, _ := os.Lstat(fifo); fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v", fi.Mode())
	}
}

// devFull returns a /dev/full to write to: a node made in a temporary
// folder when running as root (so that a broken Write could only replace
// that node, never the machine's /dev/full), else /dev/full itself (which a
// non-root user cannot replace).
func devFull(t *testing.T) string {
	if os.Geteuid() != 0 {
		if _, err := os.Stat("/dev/full"); err != nil {
			t.Skip("no /dev/full")
		}
		return "/dev/full"
	}
	name := filepath.Join(t.TempDir(), "full")
	if err := syscall.Mknod(name, syscall.S_IFCHR|0o666, 1<<8|7); err != nil {
		t.Skip("cannot make a /dev/full node:", err)
	}
	return name
}

// TestWriteDevFull: a write error on a device is reported (it was lost:
// exit 0), and the device stays a device.
func TestWriteDevFull(t *testing.T) {
	full := devFull(t)
	err := Write(full, writeString(strings.Repeat("x", 1<<17)))
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("writing %s: %v, want ENOSPC", full, err)
	}
	if fi, _ := os.Lstat(full); fi.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("%s is no longer a char device: %v", full, fi.Mode())
	}
}

// TestWriteDirectory is refused with a reason.
func TestWriteDirectory(t *testing.T) {
	dir := t.TempDir()
	err := Write(dir, writeString("x"))
	if err == nil || !strings.Contains(err.Error(), "directory") {
		t.Fatalf("writing a folder: %v", err)
	}
}

// TestGuardRefusesInputs: an input is recognised by identity — through a
// hard link, a symlink and another spelling of its path.
func TestGuardRefusesInputs(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "d", "a.jsonl")
	os.Mkdir(filepath.Dir(in), 0o755)
	os.WriteFile(in, []byte("data"), 0o644)
	g := NewGuard()
	f, _ := os.Open(in)
	g.Opened(in, f)
	f.Close()
	hard := filepath.Join(dir, "hard.jsonl")
	os.Link(in, hard)
	sym := filepath.Join(dir, "sym.jsonl")
	os.Symlink(in, sym)
	for _, out := range []string{in, hard, sym, filepath.Join(dir, "d", "..", "d", "a.jsonl")} {
		err := g.Write(out, writeString("report"))
		if !errors.Is(err, ErrInput) {
			t.Errorf("writing %s over the input: %v, want ErrInput", out, err)
		}
	}
	if b, _ := os.ReadFile(in); string(b) != "data" {
		t.Fatalf("input overwritten: %q", b)
	}
	if err := g.Write(filepath.Join(dir, "other.md"), writeString("ok")); err != nil {
		t.Fatal(err)
	}
}

// TestGuardCleanup removes in-flight temporary files and refuses new ones.
func TestGuardCleanup(t *testing.T) {
	dir := t.TempDir()
	g := NewGuard()
	started := make(chan struct{})
	release := make(chan struct{})
	done := make(chan error)
	go func() {
		done <- g.Write(filepath.Join(dir, "big.jsonl"), func(w io.Writer) error {
			close(started)
			<-release
			_, err := io.WriteString(w, "x")
			return err
		})
	}()
	<-started
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("%d files while writing, want the temporary one", len(ents))
	}
	g.Cleanup()
	close(release)
	if err := <-done; err == nil {
		t.Error("a write interrupted by Cleanup succeeded")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("files left after Cleanup: %v", ents)
	}
	if err := g.Write(filepath.Join(dir, "late"), writeString("x")); err == nil {
		t.Error("a write after Cleanup succeeded")
	}
}
