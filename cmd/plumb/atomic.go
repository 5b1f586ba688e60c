package main

import (
	"io"

	"github.com/plumb-eval/plumb/internal/atomicfile"
)

// writeAtomic writes a file atomically (see atomicfile.Write).
func writeAtomic(name string, fill func(io.Writer) error) error {
	return atomicfile.Write(name, fill)
}
