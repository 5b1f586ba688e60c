package analysis

import (
	"github.com/plumb-eval/plumb/calib/bootstrap"
)

// styleBootPlan is the bootstrap plan of a style analysis of n pair items
// under opt and the options calib/style runs it with; Engine.Style and
// the report's description of its intervals (StyleBootstrap) both use it.
func styleBootPlan(opt Options, n int) (BootPlan, bootstrap.Options) {
	plan := opt.Bootstrap.Plan(n, 0)
	return plan, opt.Bootstrap.calibOptions(plan, opt.Selection.Seed)
}

// StyleBootstrap is the bootstrap a judge's style analysis ran with
// (ja.Style.N is the number of pairs Engine.Style gave it).
func StyleBootstrap(ja *JudgeAnalysis, opt Options) bootstrap.Options {
	_, bo := styleBootPlan(opt, ja.Style.N)
	if ja.Style.N < 2 {
		bo.Resamples = 0 // calib/style makes no intervals (its notes say so)
	}
	return bo
}
