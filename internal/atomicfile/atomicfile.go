// Package atomicfile writes output files safely: a regular file is
// replaced atomically (a temporary file beside it, synced, renamed into
// place, the folder synced), keeping the old file's mode; a symlink is
// followed and its target replaced (the link stays a link); a device,
// FIFO or socket is written through (opened and written, every write
// error reported) instead of being replaced by a regular file; a folder is
// refused. A Guard, owned by one command run, also refuses to write over
// any file that was read (by identity: device and inode, so hard links and
// other spellings of a path are caught) and removes its in-flight
// temporary files on Cleanup (the CLI calls it on SIGINT and SIGTERM).
// Both the CLI and the TUI's export write through it.
//
// A writer that is killed (SIGKILL, a crash, a power cut) cannot clean up:
// its temporary file ".NAME.tmp-XXXXXXXXXXXX" stays. The next write to
// NAME removes such files whose writer is gone. Each writer holds an
// exclusive flock(2) on its temporary file from creation until the rename;
// the kernel drops it when the process ends, however it ends. A temporary
// file whose lock can be taken therefore has no live writer (whatever
// process now has its PID) and is removed; one that is locked, cannot be
// opened, or lies on a file system without locks is left. On systems
// without flock (Windows, Solaris) none is removed.
package atomicfile

import (
	"bufio"
	"compress/gzip"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// ErrInput is returned (wrapped) for an output that is one of the files
// read.
var ErrInput = errors.New("refusing to overwrite an input file")

// errClosed is returned for a write started after Cleanup.
var errClosed = errors.New("interrupted")

// errSwept says a new temporary file was taken by another write's sweep
// of stale temporary files before its writer could lock it.
var errSwept = errors.New("temporary file swept")

// Guard records the files a command run read and the temporary files its
// writes have in flight. Its methods are safe for concurrent use. The zero
// Guard is not usable; use NewGuard.
type Guard struct {
	mu     sync.Mutex
	inputs []input
	temps  map[string]func() // in-flight temporary file → releases its lock
	// found holds, per folder written into, the temporary files there of
	// each target (by base name) when the first write listed it; a write
	// takes its target's (removeStaleTemps).
	found  map[string]map[string][]string
	closed bool
}

// input is a file that was read: its name as given and its identity.
type input struct {
	name string
	fi   fs.FileInfo
}

// NewGuard returns an empty Guard.
func NewGuard() *Guard {
	return &Guard{temps: map[string]func(){}, found: map[string]map[string][]string{}}
}

// Opened records that f (opened as name) is an input: later writes to the
// same file, under any name, are refused. A nil Guard ignores it.
func (g *Guard) Opened(name string, f *os.File) {
	if g == nil || f == nil {
		return
	}
	if fi, err := f.Stat(); err == nil {
		g.OpenedInfo(name, fi)
	}
}

// OpenedInfo is Opened for a file already stat-ed (os.Stat or File.Stat).
func (g *Guard) OpenedInfo(name string, fi fs.FileInfo) {
	if g == nil || fi == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.inputs = append(g.inputs, input{name, fi})
}

// Input returns the name of the input that is the same file as name
// (following symlinks), if any.
func (g *Guard) Input(name string) (string, bool) {
	if g == nil {
		return "", false
	}
	st, err := os.Stat(name)
	if err != nil {
		return "", false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, in := range g.inputs {
		if os.SameFile(st, in.fi) {
			return in.name, true
		}
	}
	return "", false
}

// Cleanup removes every temporary file in flight and makes later writes
// fail; call it when the process is interrupted.
func (g *Guard) Cleanup() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.closed = true
	for t, release := range g.temps {
		os.Remove(t)
		release()
		delete(g.temps, t)
	}
}

// Temps returns the temporary files in flight (for tests).
func (g *Guard) Temps() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]string, 0, len(g.temps))
	for t := range g.temps {
		out = append(out, t)
	}
	return out
}

// Write writes name through fill (gzip-compressed when name ends in .gz),
// as the package doc says, unless name is one of the inputs.
func (g *Guard) Write(name string, fill func(io.Writer) error) error {
	if in, ok := g.Input(name); ok {
		if in == name {
			return fmt.Errorf("%s: %w", name, ErrInput)
		}
		return fmt.Errorf("%s is the input %s: %w", name, in, ErrInput)
	}
	target, err := resolve(name)
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	fi, err := os.Stat(target)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("writing %s: is a directory", name)
	case err == nil && !fi.Mode().IsRegular():
		return writeThrough(name, target, fill)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("writing %s: %w", name, err)
	case err != nil:
		fi = nil
	}
	return g.replace(name, target, fi, fill)
}

// Write writes name through fill with a Guard of its own (no inputs
// known, temporary files not cleaned up on signals).
func Write(name string, fill func(io.Writer) error) error {
	return NewGuard().Write(name, fill)
}

// IsInput reports whether path names the same file as one of inputs.
func IsInput(path string, inputs []string) bool {
	g := NewGuard()
	for _, in := range inputs {
		if fi, err := os.Stat(in); err == nil {
			g.OpenedInfo(in, fi)
		}
	}
	_, ok := g.Input(path)
	return ok
}

// resolve follows symlinks at name (a dangling link resolves to the file
// it would create).
func resolve(name string) (string, error) {
	for range 40 {
		fi, err := os.Lstat(name)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return name, nil
		}
		link, err := os.Readlink(name)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(name), link)
		}
		name = link
	}
	return "", errors.New("too many levels of symbolic links")
}

// encode runs fill into w, through gzip when name ends in .gz, and flushes.
func encode(w io.Writer, name string, fill func(io.Writer) error) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	var out io.Writer = bw
	var zw *gzip.Writer
	if strings.HasSuffix(strings.ToLower(name), ".gz") {
		zw = gzip.NewWriter(bw)
		out = zw
	}
	if err := fill(out); err != nil {
		return err
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			return fmt.Errorf("writing %s: %w", name, err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}

// writeThrough writes to a device, FIFO or socket in place.
func writeThrough(name, target string, fill func(io.Writer) error) error {
	f, err := os.OpenFile(target, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := encode(f, name, fill); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}

// replace writes target's new content to a temporary file beside it and
// renames it over target; old is target's current state (nil: new file).
func (g *Guard) replace(name, target string, old fs.FileInfo, fill func(io.Writer) error) (err error) {
	g.removeStaleTemps(target)
	tmp, err := g.createTemp(target, old)
	if err != nil {
		return fmt.Errorf("creating %s: %w", name, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			g.removeTemp(tmp.Name())
		}
	}()
	if err := encode(tmp, name, fill); err != nil {
		return err
	}
	if old != nil {
		keepOwner(tmp, old)
		if err := tmp.Chmod(old.Mode().Perm()); err != nil {
			return fmt.Errorf("writing %s: %w", name, err)
		}
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := g.rename(tmp.Name(), target); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	syncDir(filepath.Dir(target))
	return nil
}

// createTemp creates a temporary file beside target, locks it (lockTemp)
// and registers it. A new file is created 0666 less the umask, as the
// target would be; when the target exists, 0600 until its mode is copied.
func (g *Guard) createTemp(target string, old fs.FileInfo) (*os.File, error) {
	dir, base := filepath.Split(target)
	perm := os.FileMode(0o666)
	if old != nil {
		perm = 0o600
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return nil, errClosed
	}
	for range 100 {
		var rnd [tempLen / 2]byte
		rand.Read(rnd[:])
		name := filepath.Join(dir, tempPrefix(base)+hex.EncodeToString(rnd[:]))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		release, err := lockTemp(f, name)
		if errors.Is(err, errSwept) {
			f.Close() // another write's sweep holds or removed it: it removes it
			continue
		}
		if err != nil {
			f.Close()
			os.Remove(name)
			return nil, fmt.Errorf("locking %s: %w", name, err)
		}
		g.temps[name] = release
		return f, nil
	}
	return nil, errors.New("cannot find a free temporary name")
}

// rename moves a registered temporary file into place, unless Cleanup ran
// (which removed it).
func (g *Guard) rename(tmp, target string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	release, ok := g.temps[tmp]
	if !ok || g.closed {
		return errClosed
	}
	if err := os.Rename(tmp, target); err != nil {
		return err
	}
	release()
	delete(g.temps, tmp)
	return nil
}

// removeTemp removes a temporary file and forgets it.
func (g *Guard) removeTemp(name string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	os.Remove(name)
	if release, ok := g.temps[name]; ok {
		release()
	}
	delete(g.temps, name)
}

// tempLen is the number of hex digits that end a temporary file's name.
const tempLen = 12

// tempPrefix is how the names of target base's temporary files start;
// tempLen hex digits follow.
func tempPrefix(base string) string { return "." + base + ".tmp-" }

// removeStaleTemps removes the temporary files of target whose writer is
// gone (removeStale); best effort, errors ignored. The Guard lists a
// folder once, at its first write there, so that writing many files into
// one folder costs one listing, not one per file.
func (g *Guard) removeStaleTemps(target string) {
	dir, base := filepath.Split(target)
	dir = filepath.Clean(dir)
	g.mu.Lock()
	byBase, ok := g.found[dir]
	if !ok {
		byBase = listTemps(dir)
		g.found[dir] = byBase
	}
	names := byBase[base]
	delete(byBase, base)
	g.mu.Unlock()
	for _, n := range names {
		removeStale(filepath.Join(dir, n))
	}
}

// listTemps returns the temporary files in dir by the base name of their
// target: names "." + base + ".tmp-" and tempLen lowercase hex digits.
func listTemps(dir string) map[string][]string {
	out := map[string][]string{}
	d, err := os.Open(dir)
	if err != nil {
		return out
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	const tail = len(".tmp-") + tempLen
	for _, n := range names {
		if len(n) <= 1+tail || n[0] != '.' || n[len(n)-tail:len(n)-tempLen] != ".tmp-" {
			continue
		}
		if strings.Trim(n[len(n)-tempLen:], "0123456789abcdef") == "" {
			base := n[1 : len(n)-tail]
			out[base] = append(out[base], n)
		}
	}
	return out
}

// syncDir flushes a folder's entries (the rename) to disk; file systems
// that cannot sync a folder are ignored.
func syncDir(dir string) {
	if dir == "" {
		dir = "."
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
