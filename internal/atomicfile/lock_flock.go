//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package atomicfile

import (
	"errors"
	"os"
	"syscall"
)

// lockTemp takes an exclusive flock(2) on the temporary file f, just
// created as name, and returns what releases it. The lock is held through
// a duplicate of f's descriptor, so it outlives f.Close and is released
// after the rename (or when the process dies, however it dies): a locked
// temporary file has a live writer. errSwept means a sweeper (removeStale
// of another write) got to the file first: it removes it, and the caller
// takes another name. A file system without locks gives a no-op release:
// no sweeper can lock such a file either, so none removes it.
func lockTemp(f *os.File, name string) (release func(), err error) {
	rc, err := f.SyscallConn()
	if err != nil {
		return nil, err
	}
	dup := -1
	var lockErr error
	if err := rc.Control(func(fd uintptr) {
		if lockErr = flockNB(int(fd)); lockErr != nil {
			return
		}
		syscall.ForkLock.RLock()
		dup, lockErr = syscall.Dup(int(fd))
		if lockErr == nil {
			syscall.CloseOnExec(dup)
		}
		syscall.ForkLock.RUnlock()
	}); err != nil {
		return nil, err
	}
	switch {
	case errors.Is(lockErr, syscall.EWOULDBLOCK):
		return nil, errSwept
	case unsupportedLock(lockErr):
		return func() {}, nil
	case lockErr != nil:
		return nil, lockErr
	}
	held := os.NewFile(uintptr(dup), name)
	release = func() { held.Close() }
	// The name must still be this file: a sweeper may have locked, checked
	// and removed it between the create and the lock.
	mine, err1 := f.Stat()
	now, err2 := os.Lstat(name)
	if err1 != nil || err2 != nil || !os.SameFile(mine, now) {
		release()
		return nil, errSwept
	}
	return release, nil
}

// removeStale removes the temporary file path if its writer is gone: the
// lock its writer held until the end (lockTemp) can be taken, and path is
// still the file locked. A file that cannot be opened or locked is left.
func removeStale(path string) {
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return
	}
	defer f.Close()
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	var lockErr error
	if err := rc.Control(func(fd uintptr) { lockErr = flockNB(int(fd)) }); err != nil || lockErr != nil {
		return // a live writer holds it, or locks cannot tell
	}
	locked, err1 := f.Stat()
	now, err2 := os.Lstat(path)
	if err1 == nil && err2 == nil && os.SameFile(locked, now) {
		os.Remove(path)
	}
}

// flockNB takes an exclusive flock on fd without waiting, retrying when a
// signal interrupts it.
func flockNB(fd int) error {
	for {
		err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
		if err != syscall.EINTR {
			return err
		}
	}
}

// unsupportedLock reports whether err says the file system has no flock.
func unsupportedLock(err error) bool {
	return errors.Is(err, syscall.ENOTSUP) || errors.Is(err, syscall.EOPNOTSUPP) || errors.Is(err, syscall.ENOLCK) || errors.Is(err, syscall.EINVAL)
}
