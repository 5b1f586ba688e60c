//go:build !unix

package model

import "time"

// ProcessCPU returns 0 where the CPU time is not measured.
func ProcessCPU() time.Duration { return 0 }
