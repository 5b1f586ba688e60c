package main

import (
	"bytes"
	"os"
	"os/exec"
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

// startChild runs this test binary again with only the test named run (a
// TestXChild that runs plumb in its own process, for signals) and env
// added; it returns the started command and its standard error.
func startChild(t *testing.T, run string, env ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+run+"$")
	cmd.Env = append(os.Environ(), env...)
	stderr := new(bytes.Buffer)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, stderr
}
