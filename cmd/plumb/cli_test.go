package main

import (
	"bytes"
	"testing"
)

// executeStderr runs plumb with args and returns stdout and stderr.
func executeStderr(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	root := newRootCmd()
	var out, errOut bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err := root.Execute()
	return out.String(), errOut.String(), err
}
