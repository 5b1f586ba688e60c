package main

import (
	"io"

	"github.com/plumb-eval/plumb/internal/atomicfile"
)

// writeAtomic writes a file atomically (see atomicfile.Write).
func writeAtomic(name string, fill func(io.Writer) error) error {
	return atomicfile.Write(name, fill)
}

// writeOutput writes through fill to stdout when name is "" or "-", else
// atomically to the file name, and returns where it wrote ("stdout" or
// name) for the summary line.
func writeOutput(stdout io.Writer, name string, fill func(io.Writer) error) (dest string, err error) {
	if name == "" || name == "-" {
		return "stdout", fill(stdout)
	}
	return name, writeAtomic(name, fill)
}
