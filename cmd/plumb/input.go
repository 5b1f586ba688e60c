package main

import (
	"fmt"

	"github.com/plumb-eval/plumb/internal/atomicfile"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
	"github.com/plumb-eval/plumb/model/importer"
)

// loadLog reads the files, or the embedded demo when there are none. Any
// error is the input's fault and exits with status 2. The report shows no
// prompt or response texts, so they are checked but kept only with
// keepText (the UI shows them).
//
// Files of other tools' formats (README "Importing logs") are detected by
// their content and converted on the fly; from names the format instead,
// and maps are the --map KEY=COLUMN pairs of the columns format.
func loadLog(files []string, skipBad, keepText bool, from string, maps []string) (*model.Log, error) {
	if len(files) == 0 {
		lg, err := demo.Log()
		if err != nil {
			return nil, fmt.Errorf("reading the embedded demo: %w", err)
		}
		return lg, nil
	}
	lg, err := importer.Load(files, from, model.ReadOptions{SkipBad: skipBad, SkipText: !keepText}, importer.Options{Map: maps})
	if err != nil {
		return nil, inputError{err}
	}
	return lg, nil
}

// isInput reports whether path names the same file as one of the inputs.
func isInput(path string, inputs []string) bool { return atomicfile.IsInput(path, inputs) }

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
