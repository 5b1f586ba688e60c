package main

import (
	"fmt"
	"os"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
)

// loadLog reads the files, or the embedded demo when there are none. Any
// error is the input's fault and exits with status 2. The report shows no
// prompt or response texts, so they are checked but not kept.
func loadLog(files []string, skipBad bool) (*model.Log, error) {
	if len(files) == 0 {
		lg, err := demo.Log()
		if err != nil {
			return nil, fmt.Errorf("reading the embedded demo: %w", err)
		}
		return lg, nil
	}
	lg, err := model.ReadFiles(files, model.ReadOptions{SkipBad: skipBad, SkipText: true})
	if err != nil {
		return nil, inputError{err}
	}
	return lg, nil
}

// isInput reports whether path names the same file as one of the inputs.
func isInput(path string, inputs []string) bool {
	st, err := os.Stat(path)
	if err != nil {
		return false
	}
	for _, in := range inputs {
		if ist, err := os.Stat(in); err == nil && os.SameFile(st, ist) {
			return true
		}
	}
	return false
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
