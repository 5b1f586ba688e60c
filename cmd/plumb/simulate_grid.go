package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/plumb-eval/plumb/model/sim"
)

// gridFlags are simulate's grid of collection conditions, templates × ID
// sets × shots as collect runs them, each level with the biases it adds.
type gridFlags struct {
	templates, ids, shots []string
}

// register defines the grid flags on f.
func (g *gridFlags) register(f *pflag.FlagSet) {
	f.StringArrayVar(&g.templates, "grid-template", nil, "judge every pair and probe in the template `NAME[:pos=β,tok=τ]`, each record carrying its condition (a grid with --grid-ids and --grid-shots; repeatable)")
	f.StringArrayVar(&g.ids, "grid-ids", nil, "judge in the option IDs `IDS[:pos=β,tok=τ]` (A/B, Alice/Bob, …; repeatable)")
	f.StringArrayVar(&g.shots, "grid-shots", nil, "judge with `N[:pos=β,tok=τ]` in-context examples (repeatable)")
}

// apply sets cfg.Grid from the flags: each record of the grid carries its
// condition, and a level's pos and tok add to every judge's.
func (g *gridFlags) apply(cfg *sim.Config) error {
	for _, d := range []struct {
		flag, dim string
		specs     []string
		dst       *[]sim.Level
	}{
		{"--grid-template", "template", g.templates, &cfg.Grid.Templates},
		{"--grid-ids", "ids", g.ids, &cfg.Grid.IDs},
		{"--grid-shots", "shots", g.shots, &cfg.Grid.Shots},
	} {
		for _, s := range d.specs {
			l, err := sim.ParseLevel(d.dim, s)
			if err != nil {
				return fmt.Errorf("%s: %w", d.flag, err)
			}
			*d.dst = append(*d.dst, l)
		}
	}
	return nil
}

// given reports whether any grid flag was given.
func (g *gridFlags) given() bool {
	return len(g.templates)+len(g.ids)+len(g.shots) > 0
}
