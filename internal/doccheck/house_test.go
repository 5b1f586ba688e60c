package doccheck

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// houseAllowed is docs/architecture.md's "The house": for each part of
// the module, the parts its non-test files may import. Data flows one way,
// files → model → calib → the session (analysis) → the presentation
// (present) → tui and the documents (report, plot) → cmd/plumb, so every
// arrow points down this list:
//
//	cmd      the CLI
//	tui      the terminal UI
//	report   the documents: Doc and its Markdown, JSON and CSV encoders
//	present  the words, cells, marks and decimals the TUI and Markdown show
//	analysis the analysis session: Options, Engine and its caches, Analysis
//	plot     terminal charts and figure files
//	collect  judging over OpenAI-compatible servers
//	calib    every statistic (its own arrows: TestCalibArrows)
//	model    log types, readers, importers, simulator
//	internal leaves every layer may use
var houseAllowed = map[string][]string{
	"cmd":      {"tui", "report", "present", "analysis", "plot", "collect", "calib", "model", "internal"},
	"tui":      {"report", "present", "analysis", "plot", "calib", "model", "internal"},
	"report":   {"present", "analysis", "plot", "calib", "model", "internal"},
	"present":  {"analysis", "calib", "model", "internal"},
	"analysis": {"calib", "model", "internal"},
	"plot":     {"calib", "model", "internal"},
	"collect":  {"model", "internal"},
	"calib":    {"model", "internal"},
	"model":    {"internal"},
	"internal": {"internal"},
}

// houseExceptions are single arrows the house allows against its layers,
// each with its reason.
var houseExceptions = map[[2]string]string{
	{"internal/hostile", "model"}: "test fixture only: hostile names put into logs for the tests of every surface",
}

// partOf is the part of the house a module package belongs to: its first
// path element.
func partOf(pkg string) string {
	part, _, _ := strings.Cut(pkg, "/")
	return part
}

// houseViolation says why pkg may not import dep (both module-relative),
// or "" when the house allows it.
func houseViolation(pkg, dep string) string {
	from, to := partOf(pkg), partOf(dep)
	if from == to && from != "internal" {
		return ""
	}
	allowed, known := houseAllowed[from]
	if !known {
		return pkg + " is in no part of the house (docs/architecture.md): add its part to houseAllowed"
	}
	if slices.Contains(allowed, to) {
		return ""
	}
	if _, ok := houseExceptions[[2]string{pkg, dep}]; ok {
		return ""
	}
	if _, ok := houseAllowed[to]; !ok {
		return pkg + " imports " + dep + ", which is in no part of the house"
	}
	return pkg + " imports " + dep + ": " + from + " may import only " + strings.Join(allowed, ", ") + " (docs/architecture.md, The house)"
}

// TestHouseArrows: every import between the module's packages
// points down the house as docs/architecture.md draws it — cmd → tui →
// report → present → analysis → calib → model → internal, with plot and
// collect beside the session — so nothing in calib imports the analysis
// session or the presentation, the session never imports the presentation,
// the documents or the terminal UI, and the presentation never imports the
// documents.
func TestHouseArrows(t *testing.T) {
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); name == "testdata" || strings.HasPrefix(name, ".") && path != root {
			return filepath.SkipDir
		}
		if !hasGo(path) {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		pkg := filepath.ToSlash(rel)
		for _, imp := range packageImports(t, path) {
			if dep, ok := strings.CutPrefix(imp, mod); ok {
				n++
				if why := houseViolation(pkg, dep); why != "" {
					t.Error(why)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Errorf("only %d imports between the module's packages: the walk missed packages", n)
	}
}

// TestHouseArrowsCatchMutations: the check fails an import that points up
// the house (the session importing the terminal UI, the presentation or
// the documents, the presentation importing the documents, calib importing
// the session, model importing calib, a leaf importing a layer) and passes
// the arrows the house draws.
func TestHouseArrowsCatchMutations(t *testing.T) {
	for _, bad := range [][2]string{
		{"report", "tui"}, {"calib/metrics", "report"}, {"calib/selection", "tui"}, {"model", "calib"},
		{"plot/figure", "report"}, {"collect", "calib"}, {"internal/textsafe", "model"}, {"calib", "plot"},
		{"analysis", "tui"}, {"calib", "analysis"}, {"calib/selection", "analysis"}, {"calib/metrics", "present"},
		{"analysis", "present"}, {"analysis", "report"}, {"present", "report"}, {"present", "tui"},
		{"analysis", "plot"}, {"plot/figure", "analysis"}, {"model", "analysis"},
	} {
		if houseViolation(bad[0], bad[1]) == "" {
			t.Errorf("%s importing %s passes the check", bad[0], bad[1])
		}
	}
	for _, good := range [][2]string{
		{"cmd/plumb", "tui"}, {"tui", "report"}, {"report", "calib/selection"}, {"plot/figure", "calib"},
		{"calib/style", "model"}, {"model/importer", "internal/textsafe"}, {"internal/shellarg", "internal/textsafe"},
		{"report", "report"}, {"tui", "analysis"}, {"tui", "present"}, {"report", "present"}, {"report", "analysis"},
		{"present", "analysis"}, {"analysis", "calib/selection"}, {"present", "internal/vocab"}, {"cmd/plumb", "analysis"},
	} {
		if why := houseViolation(good[0], good[1]); why != "" {
			t.Errorf("%s importing %s fails: %s", good[0], good[1], why)
		}
	}
}
