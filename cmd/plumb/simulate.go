package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/plumb-eval/plumb/internal/vocab"
	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/demo"
	"github.com/plumb-eval/plumb/model/sim"
)

const simulateLong = `Write a simulated judgment log (log format v1, JSON Lines) whose ground truth
is known, to try plumb's measurements and corrections on data where the answer
is known. Every record carries a "truth" object.

Pair items: a latent quality gap δ ~ N(0, spread²) gives the gold label ("1" if
δ > tie band, "2" if δ < −tie band, else "tie"; written for a gold-share fraction
of items). Each judge sees u = skill·δ + inoise·N(0,1) (truth p1 = σ(u)) and in
arrangement j answers P(A) = σ(±u + pos·(A shown first ? +1 : −1) + tok +
noise·N(0,1)), with +u when A is response_1 (x0, x1) and −u when it is
response_2 (x2, x3).

Score items: each output has tokens T, a log-likelihood LS = −T·nll and a human
quality Q per criterion (human score = Q rounded to 1..5). The judge scores
Q + slope·z(LS) + snoise·N(0,1), rounded to 1..5: slope > 0 is likelihood bias.

Verdict items: z ~ Bernoulli(prevalence); the judge says true with probability
sens when z = 1 and 1 − spec when z = 0; the human label z is written for a
gold-share fraction of items.

Judges are given as --judge 'NAME:key=value,...' (repeatable). Keys:
%s
Keys not given take the defaults
  %s
and mode, sprobs, lenbias and selfbias follow --mode, --score-probs,
--length-bias and --self-bias. Without --judge, three judges are simulated:
judge-fair (little bias), judge-first (prefers the first-shown answer) and
judge-tokenA (prefers the token A).

Generators (none by default; then the output is as it always was): with
--generator 'NAME:key=value,...' (repeatable, two or more) each pair item
draws a matchup (--matchup A,B, repeatable; default every ordered pair), its
responses are written by those generators at log-normal lengths, the records
name them as model_1 and model_2, and the quality difference enters δ. Keys:
%s
Keys not given take the defaults
  %s
A judge adds lenbias·tanh((L1 − L2)/length-scale) to its view of response_1
(length bias; L in code points) and ±selfbias when exactly one response is its
own generator's (self=, or the generator named like the judge). See
docs/simulator.md and docs/style.md.

The same flags and seed always give the same bytes.`

// simOptions holds the simulate command's flag values.
type simOptions struct {
	output       string
	demo         bool
	pairs        int
	scores       int
	verdicts     int
	seed         uint64
	goldShare    float64
	arrangements string
	probes       []string
	probeSamples int
	mode         string
	criteria     []string
	judges       []string
	prevalence   float64
	spread       float64
	tieBand      float64
	sharedNoise  float64
	choiceTie    float64
	scoreProbs   bool
	digits       int
	serve        string
	templates    []string
	serveBias    []string
	generators   []string
	matchups     []string
	lengthScale  float64
	lengthBias   float64
	selfBias     float64
	grid         gridFlags
}

func newSimulateCmd() *cobra.Command {
	def := sim.DefaultConfig()
	o := simOptions{}
	cmd := &cobra.Command{
		Use:   "simulate",
		Short: "write a simulated judgment log with known truth",
		Long:  fmt.Sprintf(simulateLong, keyHelp(sim.JudgeKeys), judgeDefaults(), keyHelp(sim.GeneratorKeys), generatorDefaults()),
		Example: `  plumb simulate -o sim.jsonl.gz
  plumb simulate --pairs 5000 --arrangements x0,x1 --mode logprob -o swap.jsonl
  plumb simulate --judge 'gpt:skill=2,pos=0.8,tok=0.3' --judge 'small:skill=0.8,pos=2' -o two.jsonl
  plumb simulate --serve 127.0.0.1:8000   # the judges as a server: plumb collect any items against it
  plumb simulate --generator 'big:quality=0.3,len=900' --generator small --judge 'big:selfbias=1' --length-bias 0.8 -o style.jsonl`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return inputError{fmt.Errorf("simulate takes no arguments (got %q); write to a file with -o FILE", args[0])}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := o.config(cmd)
			if err != nil {
				return inputError{err}
			}
			if o.serve != "" {
				if cmd.Flags().Changed("output") {
					return inputError{fmt.Errorf("--serve serves the judges instead of writing a log; write the items with a separate plumb simulate -o")}
				}
				if o.grid.given() {
					return inputError{fmt.Errorf("--grid-template, --grid-ids and --grid-shots write a log judged in each condition; they do not change what --serve answers")}
				}
				biases, err := parseServeBiases(o.serveBias)
				if err != nil {
					return inputError{err}
				}
				return serveSimulated(cmd, o.serve, cfg, o.templates, biases)
			}
			if len(o.serveBias) > 0 {
				return inputError{fmt.Errorf("--serve-bias is for --serve (the condition biases the server's judges show)")}
			}
			if len(o.templates) > 0 {
				return inputError{fmt.Errorf("--template is for --serve (the prompts the server reads)")}
			}
			return writeSimulated(cmd, o.output, cfg)
		},
	}
	f := cmd.Flags()
	onceStringVarP(f, &o.output, "output", "o", "-", "output file (- for stdout; gzip when the name ends in .gz)")
	f.BoolVar(&o.demo, "demo", false, "start from the embedded demo's configuration (other flags still apply)")
	f.IntVar(&o.pairs, "pairs", def.Pairs, "pair items (each judged by every judge)")
	f.IntVar(&o.scores, "scores", def.Scores, "score items (each scored by every judge on every criterion)")
	f.IntVar(&o.verdicts, "verdicts", def.Verdicts, "verdict items (each judged by every judge)")
	f.Uint64Var(&o.seed, "seed", def.Seed, "random seed")
	f.Float64Var(&o.goldShare, "gold-share", def.GoldShare, "share of pair and verdict items with a human label")
	f.StringVar(&o.arrangements, "arrangements", "x0,x1,x2,x3", "arrangements to write, comma-separated")
	f.StringSliceVar(&o.probes, "probes", nil, "probe records to write after the items: cc (content-free), dc (domain-context), comma-separated")
	f.IntVar(&o.probeSamples, "probe-samples", sim.DefaultProbeSamples, "probes of each kind per judge (with --probes)")
	f.StringVar(&o.mode, "mode", "prob", "pair output of judges without mode=: prob, logprob or choice")
	f.StringSliceVar(&o.criteria, "criteria", def.Criteria, "criteria of score items, comma-separated")
	f.StringArrayVar(&o.judges, "judge", nil, "a judge as 'NAME:key=value,...' (repeatable; see above)")
	f.Float64Var(&o.prevalence, "prevalence", def.Prevalence, "share of verdict items with z = 1")
	f.Float64Var(&o.spread, "spread", def.Spread, "sd of the pair quality gap δ")
	f.Float64Var(&o.tieBand, "tie-band", def.TieBand, "gold is a tie when |δ| ≤ this")
	f.Float64Var(&o.sharedNoise, "shared-noise", def.SharedNoise, "sd of a per-item error every judge shares (a bias a panel of judges cannot average away)")
	f.Float64Var(&o.choiceTie, "choice-tie", def.ChoiceTie, "in choice mode, answer tie when |P(A) − 0.5| ≤ this")
	f.BoolVar(&o.scoreProbs, "score-probs", false, "judges without sprobs= write score_probs instead of a score")
	f.IntVar(&o.digits, "digits", def.Digits, "round numbers to this many significant digits (0: full precision)")
	f.StringArrayVar(&o.generators, "generator", nil, "a generator of pair responses as 'NAME:key=value,...' (repeatable; see above)")
	f.StringArrayVar(&o.matchups, "matchup", nil, "generators `A,B` of response_1 and response_2 an item may draw (repeatable; default every ordered pair)")
	f.Float64Var(&o.lengthScale, "length-scale", sim.DefaultLengthScale, "length difference in code points of the judges' length effect lenbias·tanh(ΔL/scale)")
	f.Float64Var(&o.lengthBias, "length-bias", 0, "lenbias of judges without lenbias= (needs --generator)")
	f.Float64Var(&o.selfBias, "self-bias", 0, "selfbias of judges without selfbias= (needs --generator)")
	f.StringVar(&o.serve, "serve", "", "serve the simulated judges over the OpenAI-compatible API on `ADDR` (e.g. 127.0.0.1:8000) for plumb collect")
	f.StringArrayVar(&o.templates, "template", nil, "with --serve: also read prompts rendered by this collect template `FILE` (the built-in ones always; repeatable)")
	o.grid.register(f)
	f.StringArrayVar(&o.serveBias, "serve-bias", nil, "with --serve: a condition bias 'template=T,ids=A/B,shots=N,pos=X,tok=Y' (repeatable; none: no biases; default ids=Alice/Bob,tok=0.8 and ids=X/Y,pos=0.5)")
	return cmd
}

// keyHelp lists the keys of a spec (sim.JudgeKeys, sim.GeneratorKeys) for
// the help text, the meanings aligned one space after the longest key.
func keyHelp(keys []struct{ Key, Meaning string }) string {
	width := 0
	for _, k := range keys {
		width = max(width, len(k.Key))
	}
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "  %-*s %s\n", width, k.Key, k.Meaning)
	}
	return strings.TrimRight(b.String(), "\n")
}

// config builds the simulator configuration: the defaults (or the demo's),
// with every flag the user set applied on top.
func (o *simOptions) config(cmd *cobra.Command) (sim.Config, error) {
	cfg := sim.DefaultConfig()
	if o.demo {
		cfg = demo.Config()
	}
	set := cmd.Flags().Changed
	if set("pairs") {
		cfg.Pairs = o.pairs
	}
	if set("scores") {
		cfg.Scores = o.scores
	}
	if set("verdicts") {
		cfg.Verdicts = o.verdicts
	}
	if set("seed") {
		cfg.Seed = o.seed
	}
	if set("gold-share") {
		cfg.GoldShare = o.goldShare
	}
	if set("prevalence") {
		cfg.Prevalence = o.prevalence
	}
	if set("spread") {
		cfg.Spread = o.spread
	}
	if set("tie-band") {
		cfg.TieBand = o.tieBand
	}
	if set("shared-noise") {
		cfg.SharedNoise = o.sharedNoise
	}
	if set("choice-tie") {
		cfg.ChoiceTie = o.choiceTie
	}
	if set("digits") {
		cfg.Digits = o.digits
	}
	if set("criteria") {
		cfg.Criteria = trimAll(o.criteria)
	}
	for _, k := range trimAll(o.probes) {
		cfg.Probes = append(cfg.Probes, model.ProbeKind(k))
	}
	if set("probe-samples") {
		cfg.ProbeSamples = o.probeSamples
	}
	if set("arrangements") {
		arr, err := sim.ParseArrangements(o.arrangements)
		if err != nil {
			return cfg, fmt.Errorf("--arrangements: %w", err)
		}
		cfg.Arrangements = arr
	}
	if err := o.applyJudges(cmd, &cfg); err != nil {
		return cfg, err
	}
	if err := o.applyGenerators(cmd, &cfg); err != nil {
		return cfg, err
	}
	if err := o.grid.apply(&cfg); err != nil {
		return cfg, err
	}
	if err := cfg.Validate(); err != nil {
		return cfg, fmt.Errorf("simulator config: %w", err)
	}
	return cfg, nil
}

// applyJudges replaces the judges by the --judge ones, or applies --mode and
// --score-probs to the default judges.
func (o *simOptions) applyJudges(cmd *cobra.Command, cfg *sim.Config) error {
	set := cmd.Flags().Changed
	mode, err := sim.ParseMode(o.mode)
	if err != nil {
		return fmt.Errorf("--mode: %w", err)
	}
	if len(o.judges) == 0 {
		for i := range cfg.Judges {
			if set("mode") {
				cfg.Judges[i].Mode = mode
			}
			if set("score-probs") {
				cfg.Judges[i].ScoreProbs = o.scoreProbs
			}
			if set("length-bias") {
				cfg.Judges[i].LengthBias = o.lengthBias
			}
			if set("self-bias") {
				cfg.Judges[i].SelfBias = o.selfBias
			}
		}
		return nil
	}
	cfg.Judges = cfg.Judges[:0:0]
	for _, spec := range o.judges {
		base := sim.DefaultJudge("")
		base.Mode, base.ScoreProbs = mode, o.scoreProbs
		base.LengthBias, base.SelfBias = o.lengthBias, o.selfBias
		j, err := sim.ParseJudge(spec, base)
		if err != nil {
			return fmt.Errorf("--judge: %w", err)
		}
		cfg.Judges = append(cfg.Judges, j)
	}
	return nil
}

// applyGenerators sets the --generator, --matchup and --length-scale
// flags, and makes a judge named like a generator that generator (its
// self=) unless it names another.
func (o *simOptions) applyGenerators(cmd *cobra.Command, cfg *sim.Config) error {
	names := map[string]bool{}
	for _, spec := range o.generators {
		g, err := sim.ParseGenerator(spec)
		if err != nil {
			return fmt.Errorf("--generator: %w", err)
		}
		if names[g.Name] {
			return fmt.Errorf("--generator: %q is given twice", g.Name)
		}
		names[g.Name] = true
		cfg.Generators = append(cfg.Generators, g)
	}
	for _, m := range o.matchups {
		a, b, ok := strings.Cut(m, ",")
		a, b = strings.TrimSpace(a), strings.TrimSpace(b)
		if !ok || a == "" || b == "" || strings.Contains(b, ",") {
			return fmt.Errorf("--matchup %q: want A,B (the generators of response_1 and response_2)", m)
		}
		for _, g := range []string{a, b} {
			if !names[g] {
				all := slices.Sorted(maps.Keys(names))
				return fmt.Errorf("--matchup %q: no generator %q%s (generators: %s)", m, g, didYouMean(g, all), quoteNames(all))
			}
		}
		cfg.Matchups = append(cfg.Matchups, [2]string{a, b})
	}
	if cmd.Flags().Changed("length-scale") {
		if len(cfg.Generators) == 0 {
			return fmt.Errorf("--length-scale needs --generator")
		}
		cfg.LengthScale = o.lengthScale
	}
	for i := range cfg.Judges {
		if j := &cfg.Judges[i]; j.Self == "" && names[j.Name] {
			j.Self = j.Name
		}
	}
	return nil
}

// generatorDefaults lists the default generator's parameters for the help
// text.
func generatorDefaults() string {
	g := sim.DefaultGenerator("")
	return fmt.Sprintf("quality=%g, len=%g, lenspread=%g", g.Quality, g.LenMedian, g.LenSpread)
}

// judgeDefaults lists the default judge's parameters for the help text.
func judgeDefaults() string {
	j := sim.DefaultJudge("")
	return fmt.Sprintf("skill=%g, inoise=%g, pos=%g, tok=%g, noise=%g, slope=%g, snoise=%g, sens=%g, spec=%g",
		j.Skill, j.ItemNoise, j.PosBias, j.TokenBias, j.Noise, j.Slope, j.ScoreNoise, j.Sensitivity, j.Specificity)
}

func trimAll(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = strings.TrimSpace(x)
	}
	return out
}

// writeSimulated writes cfg's log to name: stdout for "-" or "", otherwise
// atomically through a temporary file in the same directory, gzipped when
// the name ends in .gz.
func writeSimulated(cmd *cobra.Command, name string, cfg sim.Config) error {
	dest, err := writeOutput(cmd, name, func(w io.Writer) error { return sim.Write(w, cfg) })
	if err != nil || dest == "stdout" {
		return err
	}
	probes := ""
	if len(cfg.Probes) > 0 {
		probes = fmt.Sprintf("; %d probes of each of %d kinds per judge", cfg.ProbeSamples, len(cfg.Probes))
		if cfg.ProbeSamples == 0 {
			probes = fmt.Sprintf("; %d probes of each of %d kinds per judge", sim.DefaultProbeSamples, len(cfg.Probes))
		}
	}
	if n := len(cfg.Grid.Conditions()); n > 0 {
		probes += fmt.Sprintf("; pairs and probes in each of %s", vocab.Plural(n, "condition"))
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "wrote %d records (%s: %d pair, %d score, %d verdict items%s) to %s\n",
		cfg.Records(), vocab.Plural(len(cfg.Judges), "judge"), cfg.Pairs, cfg.Scores, cfg.Verdicts, probes, name)
	return nil
}
