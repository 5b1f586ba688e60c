package doccheck

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const mod = "github.com/plumb-eval/plumb/"

// calibAllowed is docs/architecture.md's "The arrows": for each package of
// calib, the packages of this module its non-test files may import. Every
// other import of the module is an arrow pointing up or sideways.
var calibAllowed = map[string][]string{
	"calib":                {"model", "calib/internal/work"},
	"calib/stats":          {},
	"calib/internal/asm":   {},
	"calib/internal/work":  {"model"},
	"calib/internal/lbfgs": {"calib/internal/asm", "calib/internal/work"},
	"calib/calibtest":      nil, // test helpers: anything below selection
	"calib/metrics":        {"calib", "calib/stats", "calib/internal/work", "model"},
	"calib/identify":       {"calib", "model"},
	"calib/reporting":      {"calib", "model"},
	"calib/bootstrap":      {"calib", "calib/metrics", "calib/stats", "calib/internal/work", "model"},
	"calib/baseline":       {"calib", "calib/metrics", "calib/stats", "calib/internal/work", "model"},
	"calib/calibraeval":    {"calib", "calib/metrics", "calib/stats", "calib/internal/asm", "calib/internal/lbfgs", "calib/internal/work", "model"},
	"calib/likelihood":     {"calib", "calib/bootstrap", "calib/stats", "calib/internal/asm", "calib/internal/work", "model"},
	"calib/style":          {"calib", "calib/bootstrap", "calib/reporting", "calib/stats", "calib/internal/work", "model"},
	"calib/mec":            {"calib", "calib/metrics", "model"},
	"calib/panel":          {"calib", "calib/bootstrap", "calib/metrics", "calib/stats", "model"},
	"calib/selection":      nil, // the top: every method
}

// TestCalibArrows: imports inside calib point down only, as
// docs/architecture.md draws them — no method package imports
// calib/selection or another method outside the named arrows, calib's
// root imports only model and its work arrays, and nothing in calib
// imports report, tui, plot, collect or cmd (internal/vocab, the leaf of
// names every surface shares, may be imported anywhere). A new package under calib
// must be added here (and to the doc) before it may import anything.
func TestCalibArrows(t *testing.T) {
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	err = filepath.WalkDir(filepath.Join(root, "calib"), func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() || d.Name() == "testdata" {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		pkg := filepath.ToSlash(rel)
		imports := packageImports(t, path)
		if len(imports) == 0 && !hasGo(path) {
			return nil
		}
		seen[pkg] = true
		allowed, known := calibAllowed[pkg]
		if !known {
			t.Errorf("%s is not in calibAllowed (docs/architecture.md's arrows): add it with the packages it may import", pkg)
			return nil
		}
		for _, imp := range imports {
			dep, ok := strings.CutPrefix(imp, mod)
			if !ok {
				continue
			}
			switch {
			case dep == "internal/vocab", dep == "internal/mathx":
				// the names every surface uses, the shared small math:
				// leaves that import nothing of plumb's
			case pkg == "calib/calibtest" && strings.HasPrefix(dep, "model/"):
				// test data: the demo and the simulator
			case !strings.HasPrefix(dep, "calib") && dep != "model":
				t.Errorf("%s imports %s: calib imports nothing above it", pkg, dep)
			case dep == "calib/selection" && pkg != "calib/selection":
				t.Errorf("%s imports calib/selection: no method package imports the engine", pkg)
			case allowed != nil && !slices.Contains(allowed, dep):
				t.Errorf("%s imports %s, which docs/architecture.md's arrows do not allow", pkg, dep)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for pkg := range calibAllowed {
		if !seen[pkg] {
			t.Errorf("calibAllowed names %s, which has no Go files", pkg)
		}
	}
}

// packageImports returns the imports of the non-test Go files of dir.
func packageImports(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, is := range f.Imports {
			p, _ := strconv.Unquote(is.Path.Value)
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// hasGo says whether dir holds a non-test Go file.
func hasGo(dir string) bool {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".go") && !strings.HasSuffix(e.Name(), "_test.go") {
			return true
		}
	}
	return false
}
