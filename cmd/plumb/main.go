// Command plumb shows how an LLM judge is biased and corrects it.
//
//	plumb [FILE...]          analyse judgment logs (no file: the embedded demo)
//	plumb report [FILE...]   print the analysis as Markdown or JSON
//	plumb simulate           write a simulated judgment log with known truth
package main

import (
	"fmt"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

// run executes the command line and returns the process exit status.
func run(args []string) int {
	root := newRootCmd()
	root.SetArgs(args)
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "plumb:", err)
		return exitCode(err)
	}
	return 0
}
