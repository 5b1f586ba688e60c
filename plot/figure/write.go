package figure

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/plumb-eval/plumb/internal/atomicfile"
)

// Write renders every figure into dir in each format, atomically, with a
// caption file NAME.txt beside each: the caption, then "Reproduce:" and
// the command line reproduce (when not empty). It creates dir when needed
// and returns the paths written, in order. A file that names one of inputs
// is never written.
func Write(dir string, figs []Figure, formats []Format, o Options, reproduce string, inputs []string) ([]string, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("figures: %w", err)
	}
	var written []string
	for i := range figs {
		f := &figs[i]
		if f.Name == "" || strings.ContainsAny(f.Name, `/\`) {
			return written, fmt.Errorf("figures: bad figure name %q", f.Name)
		}
		for _, format := range formats {
			path := filepath.Join(dir, f.Name+"."+string(format))
			if err := writeFile(path, inputs, func(w io.Writer) error { return f.Render(w, format, o) }); err != nil {
				return written, err
			}
			written = append(written, path)
		}
		path := filepath.Join(dir, f.Name+".txt")
		text := Caption(f, reproduce)
		if err := writeFile(path, inputs, func(w io.Writer) error { _, err := io.WriteString(w, text); return err }); err != nil {
			return written, err
		}
		written = append(written, path)
	}
	return written, nil
}

// Caption returns the text of a figure's caption file.
func Caption(f *Figure, reproduce string) string {
	var b strings.Builder
	b.WriteString(strings.TrimSpace(f.Caption))
	b.WriteString("\n")
	if reproduce != "" {
		b.WriteString("\nReproduce: ")
		b.WriteString(reproduce)
		b.WriteString("\n")
	}
	return b.String()
}

// writeFile writes path atomically unless it is one of inputs.
func writeFile(path string, inputs []string, fill func(io.Writer) error) error {
	if atomicfile.IsInput(path, inputs) {
		return fmt.Errorf("figures: refusing to overwrite input file %s", path)
	}
	if err := atomicfile.Write(path, fill); err != nil {
		return fmt.Errorf("figures: %w", err)
	}
	return nil
}
