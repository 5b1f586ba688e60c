package main

import "github.com/spf13/cobra"

// newSimulateCmd is replaced by the simulator work (placeholder).
func newSimulateCmd() *cobra.Command {
	return &cobra.Command{Use: "simulate", Short: "write a simulated judgment log"}
}
