//go:build unix

package collect

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockOutput takes an exclusive advisory lock on the open output log, so
// that two runs never append to the same file at once.
func lockOutput(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return fmt.Errorf("%s: another plumb collect is writing this log", f.Name())
	}
	return err
}
