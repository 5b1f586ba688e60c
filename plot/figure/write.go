package figure

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/internal/textsafe"
)

// WriteFunc writes the file path through fill, e.g. atomically and never
// over an input (the CLI passes its run's atomicfile.Guard.Write).
type WriteFunc func(path string, fill func(io.Writer) error) error

// Write renders every figure into dir in each format with a caption file
// NAME.txt beside each: the caption, then "Reproduce:" and the command line
// reproduce (when not empty). Files are written through write (nil:
// atomicfile.Write). It creates dir when needed and returns the paths
// written, in order, each a distinct file on disk: figure names that are
// equal when ASCII case is ignored are refused before anything is written
// (name figures with Stems), and two paths that turn out to be one file
// (a symbolic link in dir, a file system that folds names) are an error.
func Write(dir string, figs []Figure, formats []Format, o Options, reproduce string, write WriteFunc) ([]string, error) {
	if write == nil {
		write = atomicfile.Write
	}
	if err := o.Validate(); err != nil {
		return nil, err
	}
	seen := map[string]string{}
	for i := range figs {
		k := strings.ToLower(figs[i].Name)
		if prev, ok := seen[k]; ok {
			return nil, fmt.Errorf("figures: figures %q and %q would be the same file", prev, figs[i].Name)
		}
		seen[k] = figs[i].Name
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
			if err := writeFile(write, path, func(w io.Writer) error { return f.Render(w, format, o) }); err != nil {
				return written, err
			}
			written = append(written, path)
		}
		path := filepath.Join(dir, f.Name+".txt")
		text := Caption(f, reproduce)
		if err := writeFile(write, path, func(w io.Writer) error { _, err := io.WriteString(w, text); return err }); err != nil {
			return written, err
		}
		written = append(written, path)
	}
	return written, sameFiles(written)
}

// sameFiles returns an error naming two of paths that are one file on disk.
func sameFiles(paths []string) error {
	infos := make([]os.FileInfo, len(paths))
	for i, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return fmt.Errorf("figures: %w", err)
		}
		for j := range i {
			if os.SameFile(fi, infos[j]) {
				return fmt.Errorf("figures: %s and %s are the same file; one figure overwrote the other", paths[j], p)
			}
		}
		infos[i] = fi
	}
	return nil
}

// Caption returns the text of a figure's caption file: the caption with
// every control, bidi or separator character a visible escape
// (textsafe.Line: the names in it are a log's), then the command line
// reproduce as it is (its words are quoted by internal/shellarg, which
// writes none of those characters raw).
func Caption(f *Figure, reproduce string) string {
	var b strings.Builder
	b.WriteString(textsafe.Line(strings.TrimSpace(f.Caption)))
	b.WriteString("\n")
	if reproduce != "" {
		b.WriteString("\nReproduce: ")
		b.WriteString(reproduce)
		b.WriteString("\n")
	}
	return b.String()
}

// writeFile writes path through write, naming the figures in an error.
func writeFile(write WriteFunc, path string, fill func(io.Writer) error) error {
	if err := write(path, fill); err != nil {
		return fmt.Errorf("figures: %w", err)
	}
	return nil
}
