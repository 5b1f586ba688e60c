package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/plumb-eval/plumb/collect"
	"github.com/plumb-eval/plumb/internal/textsafe"
	"github.com/plumb-eval/plumb/internal/vocab"
)

// gridOptions are collect's flags for conditions and probes: --shots,
// --probes, --dc-samples and --seed (--template and --ids take lists).
type gridOptions struct {
	shots     string
	probes    []string
	dcSamples int
	seed      uint64
	set       func(string) bool // whether a flag was given
}

func (g *gridOptions) flags(f *pflag.FlagSet) {
	f.StringVar(&g.shots, "shots", "0", "in-context examples a prompt shows, drawn from the items with gold; a list (0,1,2,3) runs each")
	f.StringSliceVar(&g.probes, "probes", nil, "also ask probes: cc (content-free), dc (domain-context), comma-separated, for every condition")
	f.IntVar(&g.dcSamples, "dc-samples", collect.DefaultDCSamples, "DC probes of random in-domain words (with --probes dc)")
	f.Uint64Var(&g.seed, "seed", 1, "seed of the examples' and the DC probes' draws")
	g.set = f.Changed
}

// conditions returns the run's conditions (every combination of the
// templates, ID sets and shots asked for) and whether records carry a
// condition object: when there are several, or --shots was given. A run
// without these flags writes its records as before conditions existed.
func (o *collectOptions) conditions() ([]collect.Condition, bool, error) {
	ids, err := collect.ParseIDSets(o.ids)
	if err != nil {
		return nil, false, fmt.Errorf("--ids: %w", err)
	}
	tps, err := collect.LoadTemplates(o.template)
	if err != nil {
		return nil, false, fmt.Errorf("--template: %w", err)
	}
	shots, err := collect.ParseShots(o.grid.shots)
	if err != nil {
		return nil, false, fmt.Errorf("--shots: %w", err)
	}
	conds, err := collect.Grid(tps, ids, shots)
	if err != nil {
		return nil, false, fmt.Errorf("--template: %w", err)
	}
	return conds, len(conds) > 1 || o.grid.set("shots"), nil
}

// withProbes appends the probes asked for to items and checks that the
// items can give the examples asked for.
func (o *collectOptions) withProbes(items []collect.Item, conds []collect.Condition) ([]collect.Item, []int, error) {
	pool := collect.ShotPool(items)
	for i := range conds {
		if err := collect.CheckShots(pool, conds[i].Shots); err != nil {
			return nil, nil, fmt.Errorf("--shots: %w", err)
		}
	}
	kinds, err := collect.ParseProbes(o.grid.probes)
	if err != nil {
		return nil, nil, fmt.Errorf("--probes: %w", err)
	}
	if o.grid.dcSamples < 1 {
		return nil, nil, fmt.Errorf("--dc-samples %d: want ≥ 1", o.grid.dcSamples)
	}
	probes, err := collect.ProbeItems(kinds, items, o.grid.dcSamples, o.grid.seed)
	if err != nil {
		return nil, nil, fmt.Errorf("--probes: %w", err)
	}
	return append(items, probes...), pool, nil
}

// forCondition returns base's run of condition c, with a client whose
// reply length is the condition template's (unless --max-tokens).
func (o *collectOptions) forCondition(base *collect.Config, c *collect.Condition, mark bool) *collect.Config {
	cfg := base.ForCondition(c, mark)
	cc := o.clientConfig(c.Template.MaxTokens)
	cfg.Client = collect.NewClient(cc)
	cfg.Meta = make(map[string]any, len(base.Meta))
	for k, v := range base.Meta {
		cfg.Meta[k] = v
	}
	cfg.Meta["max_tokens"] = cc.MaxTokens
	o.sampling.apply(cfg)
	return cfg
}

// gridConfigs returns the run of each condition, in grid order.
func (o *collectOptions) gridConfigs(base *collect.Config, conds []collect.Condition, mark bool) []*collect.Config {
	cfgs := make([]*collect.Config, len(conds))
	for i := range conds {
		cfgs[i] = o.forCondition(base, &conds[i], mark)
	}
	return cfgs
}

// runGrid runs every condition in turn into the same log, each with its
// progress line and summary; a condition with items not written does not
// stop the others, and the exit status says so at the end.
func runGrid(cmd *cobra.Command, o *collectOptions, red *collect.Redactor, base *collect.Config, conds []collect.Condition, mark bool) error {
	stderr := cmd.ErrOrStderr()
	ctx, sig, stop := collectContext(cmd)
	defer stop()
	say(stderr, red, "collect: %s on %s, %s × %d arrangements × %s → %s",
		o.model, base.Client.Endpoint(), itemsAndProbes(base.Items), len(base.Arrangements), vocab.Plural(len(conds), "condition"), base.Output)
	if err := collect.CheckOutput(base.Output); err != nil {
		return inputError{err}
	}
	var incomplete, items int64
	checked, warned := map[collect.IDs]bool{}, map[string]bool{}
	for i := range conds {
		c := &conds[i]
		cfg := o.forCondition(base, c, mark)
		label := fmt.Sprintf("condition %d/%d: %s", i+1, len(conds), c.Label())
		say(stderr, red, "%s", label)
		if !o.quiet {
			cfg.Progress = &collect.Progress{W: stderr, Terminal: isTerminal(stderr), Label: fmt.Sprintf("%s %d/%d", cfg.Judge, i+1, len(conds)),
				Width: termWidth(stderr), Redact: red.String}
		}
		if !checked[c.IDs] { // the model and the IDs' tokens, once an ID set
			checked[c.IDs] = true
			warns, err := cfg.Client.Preflight(ctx, &cfg.IDs, o.caseSensitive)
			if err != nil {
				return err
			}
			printWarnings(stderr, red, slices.DeleteFunc(warns, func(w string) bool { // each warning once
				seen := warned[w]
				warned[w] = true
				return seen
			}))
		}
		cfg.Warn = warnWhileRunning(stderr, red)
		var st collect.Stats
		begin := time.Now()
		prior, err := collect.Run(ctx, cfg, &st)
		err = finishCollect(stderr, red, cfg.Output, &st, prior, time.Since(begin), err, sig(), cfg.IDs)
		var se statusError
		switch {
		case errors.As(err, &se) && se.code == exitIncomplete:
			incomplete += st.ItemsFailed + st.Discarded
			items += st.Items
		case err != nil:
			return fmt.Errorf("%s: %w", label, err)
		}
	}
	if incomplete > 0 {
		return statusError{fmt.Errorf("%d of %s not written over the %s; re-run the same command to try them again (exit status %d)",
			incomplete, vocab.Plural(int(items), "item"), vocab.Plural(len(conds), "condition"), exitIncomplete), exitIncomplete}
	}
	return nil
}

// itemsAndProbes says how many items and probes a run asks.
func itemsAndProbes(items []collect.Item) string {
	n := 0
	for i := range items {
		if items[i].Probe == "" {
			n++
		}
	}
	s := vocab.Plural(n, "item")
	if p := len(items) - n; p > 0 {
		s += fmt.Sprintf(" (and %s)", vocab.Plural(p, "probe"))
	}
	return s
}

// dryRunGrid prints, for each condition, the rendered prompts of the
// first item and of the first probe of each kind.
func dryRunGrid(cmd *cobra.Command, o *collectOptions, base *collect.Config, conds []collect.Condition, mark bool) error {
	w := cmd.OutOrStdout()
	shown := []int{0}
	for i := range base.Items {
		if k := base.Items[i].Probe; k != "" && (len(shown) == 0 || base.Items[shown[len(shown)-1]].Probe != k) {
			shown = append(shown, i)
		}
	}
	for c := range conds {
		cfg := o.forCondition(base, &conds[c], mark)
		if len(conds) > 1 || mark {
			fmt.Fprintf(w, "##### condition %d/%d: %s\n", c+1, len(conds), textsafe.Line(conds[c].Label()))
		}
		for _, i := range shown {
			if err := dryRunItem(cmd, cfg, i); err != nil {
				return err
			}
		}
	}
	return nil
}

// dryRunItem prints the rendered prompts of item i in every arrangement.
func dryRunItem(cmd *cobra.Command, cfg *collect.Config, i int) error {
	w := cmd.OutOrStdout()
	it := &cfg.Items[i]
	what := "item"
	if it.Probe != "" {
		what = strings.ToUpper(string(it.Probe)) + " probe"
	}
	for _, a := range cfg.Arrangements {
		system, user, err := cfg.RenderTask(i, a)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "=== %s %s, arrangement %s, template %s (sha256 %s) ===\n", what, textsafe.Line(it.ID), a, textsafe.Line(cfg.Template.Name), cfg.Template.SHA256)
		if system != "" {
			fmt.Fprintf(w, "--- system ---\n%s\n", textsafe.Text(system))
		}
		fmt.Fprintf(w, "--- user ---\n%s\n", textsafe.Text(user))
	}
	return nil
}

// pairOnly returns the first flag given that only a pair task takes.
func (g *gridOptions) pairOnly() string {
	for _, f := range []string{"shots", "probes", "dc-samples", "seed"} {
		if g.set(f) {
			return f
		}
	}
	return ""
}
