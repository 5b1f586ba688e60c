package hostile

import "github.com/plumb-eval/plumb/model"

// MarkNames appends in to every name lg holds: the judge and group of each
// pair record, the judge, criterion and id of each score record, the
// judge of each verdict record and the name of each file. Judges keep
// their distinct prefixes, so they stay apart.
func MarkNames(lg *model.Log, in string) {
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		p.Judge, p.Group = p.Judge+in, p.Group+in
	}
	for i := range lg.Scores {
		s := &lg.Scores[i]
		s.Judge, s.Criterion, s.ID = s.Judge+in, s.Criterion+in, s.ID+in
	}
	for i := range lg.Verdicts {
		lg.Verdicts[i].Judge += in
	}
	for i := range lg.Files {
		lg.Files[i].Name += in
	}
}

// MarkAll puts in into every string of lg a screen shows: the names
// (MarkNames), and each pair record's id, prompt, responses and file, each
// score record's input and output, one skip reason and one note.
func MarkAll(lg *model.Log, in string) {
	MarkNames(lg, in)
	for i := range lg.Pairs {
		p := &lg.Pairs[i]
		p.ID += in
		p.Prompt, p.Response1, p.Response2 = "prompt\r\n\tcode "+in, "one "+in, "two "+in
		p.Pos.File += in
	}
	for i := range lg.Scores {
		s := &lg.Scores[i]
		s.Input, s.Output = "in "+in, "out "+in
	}
	lg.Skipped, lg.SkipReasons = 1, []string{"bad line " + in}
	lg.Notes = []string{"note " + in}
}
