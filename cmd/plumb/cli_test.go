package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// executeStderr runs plumb with args and returns stdout and stderr.
func executeStderr(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	root := newRootCmd()
	var out, errOut bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(quickBootstrap(root, args))
	err := root.Execute()
	return out.String(), errOut.String(), err
}

// quickBootstrap adds --bootstrap=0 to `plumb report` and `plumb` when
// args do not set it: the bootstrap's own tests (flags_boot_test.go) set
// it, and the others stay quick (the default 1,000 resamples cost seconds
// per report of the demo).
func quickBootstrap(root *cobra.Command, args []string) []string {
	cmd, _, err := root.Find(args)
	if err != nil || (cmd != root && cmd.Name() != "report") {
		return args
	}
	for _, a := range args {
		if a == "--" || strings.HasPrefix(a, "__complete") {
			return args
		}
		if strings.HasPrefix(a, "--bootstrap") || a == "--refit" || a == "--fixed-fit" {
			return args
		}
	}
	return append(append([]string{}, args...), "--bootstrap=0")
}
