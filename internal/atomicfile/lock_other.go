//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package atomicfile

import "os"

// lockTemp does nothing where flock(2) is missing: no temporary file is
// known to have a live writer, so removeStale removes none.
func lockTemp(*os.File, string) (func(), error) { return func() {}, nil }

// removeStale leaves every temporary file where whether its writer is
// alive cannot be told.
func removeStale(string) {}
