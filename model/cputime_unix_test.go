//go:build unix

package model

import (
	"syscall"
	"time"
)

// ProcessCPU returns the CPU time (user + system) the process has used,
// for benchmarks' cpu-ns/op: on a shared machine it varies much less
// than wall time.
func ProcessCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
