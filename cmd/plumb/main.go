// Command plumb shows how an LLM judge is biased and corrects it.
//
//	plumb [FILE...]          analyse judgment logs (no file: the embedded demo)
//	plumb report [FILE...]   print the analysis as Markdown or JSON
//	plumb simulate           write a simulated judgment log with known truth
//	plumb collect ITEMS...   run a judge model over pair items in every arrangement
package main

import (
	"context"
	"io"
	"os"
	"runtime/debug"

	"github.com/plumb-eval/plumb/internal/atomicfile"
)

func main() {
	tuneGC()
	os.Exit(run(os.Args[1:]))
}

// tuneGC trades memory for speed when the user has not tuned the garbage
// collector: reading a large log allocates many short-lived objects, and
// with the default GOGC=100 collection costs about half the read time. A
// higher GOGC with a soft memory limit keeps peak memory low (the limit
// makes the collector work harder as the heap nears it); the limit follows
// the live heap up when a larger log needs more (gclimit.go).
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		followLiveHeap()
	}
}

// run executes the command line and returns the process exit status.
func run(args []string) int { return runWith(args, os.Stdout, os.Stderr) }

// runWith is run with the command's standard output and error given.
func runWith(args []string, stdout, stderr io.Writer) int {
	st := &runState{guard: atomicfile.NewGuard()}
	stop := cleanupOnSignal(st.guard, st.handlesSignals)
	defer stop()
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	if err := root.ExecuteContext(context.WithValue(context.Background(), runKey{}, st)); err != nil {
		printError(stderr, err)
		return exitCode(err)
	}
	return 0
}
