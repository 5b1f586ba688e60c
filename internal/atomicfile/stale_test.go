//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package atomicfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// exists reports whether path exists.
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// TestWriteRemovesStaleTemp (issue 17, item 10): a temporary file of the
// target that no writer holds (its writer was killed) is removed by the
// next write to the target; temporary files of other targets and files
// that only look alike are left.
func TestWriteRemovesStaleTemp(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.txt")
	stale := filepath.Join(dir, ".out.txt.tmp-0123456789ab")
	keep := []string{
		filepath.Join(dir, ".other.txt.tmp-0123456789ab"), // another target's
		filepath.Join(dir, ".out.txt.tmp-notours"),        // not plumb's name
		filepath.Join(dir, ".out.txt.tmp-0123456789abc"),  // one digit too many
		filepath.Join(dir, "out.txt.tmp-0123456789ab"),    // no leading dot
	}
	for _, p := range append([]string{stale}, keep...) {
		if err := os.WriteFile(p, []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := Write(target, writeString("new")); err != nil {
		t.Fatal(err)
	}
	if exists(stale) {
		t.Error("the stale temporary file of a dead writer is still there after the next write")
	}
	for _, p := range keep {
		if !exists(p) {
			t.Errorf("%s was removed", filepath.Base(p))
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target: %q", b)
	}
	// A Guard lists a folder once: the stale file of a target it writes
	// after another one in the same folder is removed too.
	g := NewGuard()
	if err := g.Write(filepath.Join(dir, "first.txt"), writeString("1")); err != nil {
		t.Fatal(err)
	}
	if err := g.Write(filepath.Join(dir, "other.txt"), writeString("2")); err != nil {
		t.Fatal(err)
	}
	if exists(keep[0]) {
		t.Error("the stale temporary file of other.txt is still there after the Guard's second write into the folder")
	}
}

// TestWriteKeepsLiveTemp (issue 17, item 10): a write in flight in this
// process (its fill still running) keeps its temporary file while another
// write to the same target runs, and then completes.
func TestWriteKeepsLiveTemp(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.txt")
	g := NewGuard()
	started, finish := make(chan string), make(chan struct{})
	done := make(chan error)
	go func() {
		done <- g.Write(target, func(w io.Writer) error {
			io.WriteString(w, "slow")
			started <- g.Temps()[0]
			<-finish
			return nil
		})
	}()
	tmp := <-started
	if err := Write(target, writeString("fast")); err != nil {
		t.Fatal(err)
	}
	if !exists(tmp) {
		t.Fatal("a live writer's temporary file was removed by another write")
	}
	close(finish)
	if err := <-done; err != nil {
		t.Fatalf("the live write failed: %v", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "slow" {
		t.Errorf("target: %q", b)
	}
}

// TestWriteTempOfKilledProcess (issue 17, item 10): another process writes
// the target and stops in the middle. While it lives, writes to the target
// leave its temporary file; after it is killed with SIGKILL (no cleanup),
// the next write removes it.
func TestWriteTempOfKilledProcess(t *testing.T) {
	if os.Getenv("ATOMICFILE_HELPER_TARGET") != "" {
		t.Skip("the helper itself")
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "out.txt")
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperWriter$")
	cmd.Env = append(os.Environ(), "ATOMICFILE_HELPER_TARGET="+target)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	defer func() {
		if !killed {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	line := make(chan string, 1)
	go func() {
		s := bufio.NewScanner(stdout)
		for s.Scan() {
			if tmp, ok := strings.CutPrefix(s.Text(), "TEMP "); ok {
				line <- tmp
				return
			}
		}
		close(line)
	}()
	var tmp string
	select {
	case tmp = <-line:
	case <-time.After(30 * time.Second):
		t.Fatal("the helper did not start writing")
	}
	if tmp == "" || !exists(tmp) {
		t.Fatalf("the helper's temporary file %q does not exist", tmp)
	}
	if err := Write(target, writeString("while alive")); err != nil {
		t.Fatal(err)
	}
	if !exists(tmp) {
		t.Fatal("a live writer's temporary file was removed")
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL: no cleanup
		t.Fatal(err)
	}
	cmd.Wait()
	killed = true
	if !exists(tmp) {
		t.Fatal("the killed writer's temporary file vanished by itself; the test shows nothing")
	}
	if err := Write(target, writeString("after")); err != nil {
		t.Fatal(err)
	}
	if exists(tmp) {
		t.Error("the killed writer's temporary file is still there after the next write")
	}
	if b, _ := os.ReadFile(target); string(b) != "after" {
		t.Errorf("target: %q", b)
	}
}

// TestHelperWriter is the process TestWriteTempOfKilledProcess kills: it
// starts writing ATOMICFILE_HELPER_TARGET, prints its temporary file's
// name, and waits in the middle of the write until it is killed.
func TestHelperWriter(t *testing.T) {
	target := os.Getenv("ATOMICFILE_HELPER_TARGET")
	if target == "" {
		t.Skip("run by TestWriteTempOfKilledProcess")
	}
	g := NewGuard()
	g.Write(target, func(w io.Writer) error {
		io.WriteString(w, strings.Repeat("partial ", 1<<14))
		fmt.Printf("TEMP %s\n", g.Temps()[0])
		time.Sleep(time.Hour) // until killed
		return nil
	})
}

// TestConcurrentWritesSweepNoLiveTemp: many writes to one target at once,
// each sweeping the target's temporary files, all succeed (no sweep takes
// a temporary file from its live writer, even between its creation and its
// lock) and leave none behind.
func TestConcurrentWritesSweepNoLiveTemp(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.txt")
	errs := make(chan error, 8*40)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 40 {
				errs <- Write(target, writeString(fmt.Sprintf("writer %d, write %d", w, i)))
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("%d files left, want the target only", len(es))
	}
}
