// Package analysis is plumb's analysis session: the options of an analysis
// and their flags, and the Engine that computes every result for them and
// owns every cached result, keyed by the options that produced it.
//
// It runs the calib engines for every judge and computes no statistic
// itself; it formats nothing (package present turns its results into
// words and cells, package report into documents).
//
// # Where things are
//
//   - options.go: Options, the knobs of an analysis; options_flags.go
//     and options_args.go: the one codec between options and flags
//     (RegisterFlags, OptionFlags, Options.Args, Flag).
//   - analyze.go, analyze_tasks.go: Analysis, JudgeAnalysis and Analyze;
//     each judge's selection, reporting and likelihood tasks.
//   - engine.go, engine_cache.go, engine_fifo.go: Engine and its caches
//     (fits, likelihood, intervals, style, items' base), each bounded;
//     engine_path.go: the fit paths (PathKey); engine_preview.go: the λ
//     preview; engine_items.go: the items' base (ItemBase).
//   - bootstrap.go: the paired item bootstrap of the methods table
//     (BootstrapOptions, Engine.Intervals) and Engine.Report, the whole
//     analysis for a set of options.
//   - analyze_style.go, style.go: the style analysis (StyleOptions,
//     Engine.Style) and its bootstrap plan.
//   - target.go: whether a judge's pair order is arbitrary (the reporting
//     target).
package analysis
