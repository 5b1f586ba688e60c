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

// quickBootstrap adds --bootstrap=0 to `plumb report`, `plumb figures`
// and `plumb` when args set neither the bootstrap nor the fit it refits,
// and then --permutations=100 too when args leave the likelihood test
// alone: the bootstrap's and the likelihood test's own tests
// (flags_boot_test.go, the golden reports) set them, and the others stay
// quick (the default 1,000 resamples cost seconds per report of the demo,
// and its 10,000 permutations of the BiasScore test half of what is left;
// no test that leaves both alone reads a p-value).
func quickBootstrap(root *cobra.Command, args []string) []string {
	cmd, _, err := root.Find(args)
	if err != nil || (cmd != root && cmd.Name() != "report" && cmd.Name() != "figures") {
		return args
	}
	perm := false
	for _, a := range args {
		if a == "--" || strings.HasPrefix(a, "__complete") {
			return args
		}
		if strings.HasPrefix(a, "--bootstrap") || a == "--refit" || a == "--fixed-fit" {
			return args
		}
		perm = perm || strings.HasPrefix(a, "--permutations")
	}
	quick := append(append([]string{}, args...), "--bootstrap=0")
	if !perm {
		quick = append(quick, "--permutations=100")
	}
	return quick
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
