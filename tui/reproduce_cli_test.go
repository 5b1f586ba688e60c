package tui

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/internal/shellarg/shellargtest"
	"github.com/plumb-eval/plumb/model"
)

// afterPrefix returns the rest of the line of text that starts with
// prefix ("" when none does).
func afterPrefix(text, prefix string) string {
	for _, l := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(l, prefix); ok {
			return rest
		}
	}
	return ""
}

// withoutLines drops the lines of text that start with one of prefixes
// (and the comma a dropped last member of a JSON object leaves on the
// line before it).
func withoutLines(text string, prefixes ...string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		drop := false
		for _, p := range prefixes {
			if strings.HasPrefix(l, p) {
				drop = true
			}
		}
		if drop {
			if strings.HasPrefix(l, `  "`) && len(out) > 0 {
				out[len(out)-1] = strings.TrimSuffix(out[len(out)-1], ",")
			}
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// sameFolders reports every file of want that got lacks or holds other
// bytes, and files of got that want lacks.
func sameFolders(t *testing.T, want, got string) {
	t.Helper()
	we, err := os.ReadDir(want)
	if err != nil || len(we) == 0 {
		t.Fatalf("%s: %v (%d files)", want, err, len(we))
	}
	ge, _ := os.ReadDir(got)
	if len(ge) != len(we) {
		t.Errorf("%s has %d files, %s %d", got, len(ge), want, len(we))
	}
	for _, e := range we {
		w, _ := os.ReadFile(filepath.Join(want, e.Name()))
		g, err := os.ReadFile(filepath.Join(got, e.Name()))
		if err != nil || !bytes.Equal(g, w) {
			t.Errorf("%s differs from the export's (%v)", e.Name(), err)
		}
	}
}

// readIn reads the file name in the folder dir as plumb run in dir reads
// it: the log's file names and skip reasons name it as given, not by its
// path from the working directory.
func readIn(t *testing.T, dir, name string, o model.ReadOptions) *model.Log {
	t.Helper()
	lg, err := model.ReadFiles([]string{filepath.Join(dir, name)}, o)
	if err != nil {
		t.Fatal(err)
	}
	prefix := filepath.Join(dir, name)
	for i := range lg.Files {
		if lg.Files[i].Name != prefix {
			t.Fatalf("read %q as %q", prefix, lg.Files[i].Name)
		}
		lg.Files[i].Name = name
	}
	for i, r := range lg.SkipReasons {
		lg.SkipReasons[i] = strings.ReplaceAll(r, prefix, name)
	}
	return lg
}

// popupCommand is the command the reproduce popup (c) shows, its wrapped
// lines joined.
func popupCommand(t *testing.T, m *Model) string {
	t.Helper()
	lines := strings.Split(screen(m), "\n")
	for i, l := range lines {
		if strings.Contains(l, "Reproduce these numbers") {
			var words []string
			for _, c := range lines[i+1:] {
				if strings.TrimSpace(c) == "" {
					if len(words) > 0 {
						return strings.Join(words, " ")
					}
					continue
				}
				// A line continuation (" \" at the end) is read as
				// the shell reads it: the next line goes on the command.
				words = append(words, strings.TrimSuffix(strings.TrimSpace(c), " \\"))
			}
		}
	}
	t.Fatalf("no reproduce popup:\n%s", screen(m))
	return ""
}

// TestReproduceCommandsReproduce reproduces issue 19's "reproduce commands
// that reproduce": every command the TUI prints for reproduction is run
// with the built binary and regenerates the same bytes — the popup's
// (c), the exported report's "Reproduce:" line and "reproduce" key
// (equal to the report `plumb report` writes, but for that line and key,
// and the JSON's version), each exported figure's caption (the same
// figures and captions byte for byte), and the few-shot set's (w), which
// said `plumb fewshot --criterion …` without FILE and --judge. On the
// embedded demo, and on a file whose name needs quoting, read with
// --skip-bad past a bad line, under a group filter, with PNGs at a lower
// resolution (Options.FigureDPI, which the captions' --dpi repeats). The app exports into
// its folder (Options.Dir) as it would into the working directory, and
// each command runs in a folder as a user's shell would.
func TestReproduceCommandsReproduce(t *testing.T) {
	frameTest(t)
	t.Parallel()
	bin := shellargtest.Shared(t)
	for _, tc := range []struct {
		name string
		file string
	}{{"demo", ""}, {"file", "demo 'log' v1.jsonl"}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir, again := t.TempDir(), t.TempDir()
			lg := demoLog(t)
			opts := Options{Start: startOptions(), Dark: true, NoColor: true, ExportPrefix: "out", Dir: dir}
			keys := []string{"]", "]", "2", "l", "j", "h", "4", "j", "l"}
			if tc.file != "" {
				var b bytes.Buffer
				if err := model.WriteLog(&b, lg); err != nil {
					t.Fatal(err)
				}
				b.WriteString("{not json\n")
				for _, d := range []string{dir, again} {
					if err := os.WriteFile(filepath.Join(d, tc.file), b.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				lg = readIn(t, dir, tc.file, model.ReadOptions{SkipBad: true})
				opts.Files, opts.SkipBad = []string{tc.file}, true
				opts.FigureDPI = testFigureDPI // the caption's --dpi reproduces it too
				keys = append(keys, "g")
			}
			opts.Log = lg
			m := New(opts)
			m.pipe.noPath, m.pipe.noCompare = true, true // as newTestModelNoCompare: no assertion reads either
			run(t, m, m.Init())
			resize(t, m, 200, 50)
			press(t, m, keys...)
			if tc.file != "" && m.c.knobs.opt.Group == "" {
				t.Fatal("g chose no group")
			}

			// w: the few-shot set and its command.
			press(t, m, "3", "w")
			if m.c.flashErr {
				t.Fatalf("w: %s", m.c.flash)
			}
			_, fewCmd, ok := strings.Cut(m.c.flash, " · reproduce: ")
			fewFile, _, _ := strings.Cut(strings.TrimPrefix(m.c.flash, "wrote "), ":")
			if !ok || !strings.Contains(fewCmd, "--judge judge-tokenA") {
				t.Fatalf("w message %q names no command with --judge", m.c.flash)
			}
			if tc.file == "" && !strings.Contains(fewCmd, "--demo") || tc.file != "" && !strings.Contains(fewCmd, "'demo '\\''log'\\'' v1.jsonl'") {
				t.Errorf("w command %q does not name the input", fewCmd)
			}
			shellargtest.Run(t, bin, again, fewCmd)
			want, err := os.ReadFile(filepath.Join(dir, fewFile))
			if err != nil {
				t.Fatal(err)
			}
			if got, err := os.ReadFile(filepath.Join(again, fewFile)); err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s: the few-shot set differs from the one w wrote (%v)", fewCmd, err)
			}

			// e: the report, its JSON and the figures, and c.
			press(t, m, "e")
			if m.c.flashErr {
				t.Fatalf("e: %s", m.c.flash)
			}
			press(t, m, "c")
			cCmd := popupCommand(t, m)
			md, err := os.ReadFile(filepath.Join(dir, "out.judge-tokenA.md"))
			if err != nil {
				t.Fatal(err)
			}
			js, err := os.ReadFile(filepath.Join(dir, "out.judge-tokenA.json"))
			if err != nil {
				t.Fatal(err)
			}
			var doc struct{ Reproduce string }
			if err := json.Unmarshal(js, &doc); err != nil {
				t.Fatal(err)
			}
			mdCmd := strings.Trim(afterPrefix(string(md), "Reproduce: "), "` ")
			if cCmd != mdCmd || cCmd != doc.Reproduce || cCmd != m.c.reproduceCommand() {
				t.Fatalf("reproduce commands differ:\nc:    %s\nmd:   %s\njson: %s", cCmd, mdCmd, doc.Reproduce)
			}
			gotMD := shellargtest.Run(t, bin, dir, cCmd)
			if w := withoutLines(string(md), "Reproduce: "); string(gotMD) != w {
				t.Errorf("%s: the Markdown differs from the export's (but its Reproduce line)", cCmd)
			}
			gotJS := shellargtest.Run(t, bin, dir, cCmd, "--format", "json")
			if w, g := withoutLines(string(js), `  "plumb": `, `  "reproduce": `), withoutLines(string(gotJS), `  "plumb": `); g != w {
				t.Errorf("%s --format json: the JSON differs from the export's (but its version and reproduce)", cCmd)
			}

			// The figures' captions.
			figs := "out.judge-tokenA.figures"
			ents, err := os.ReadDir(filepath.Join(dir, figs))
			if err != nil || len(ents) == 0 {
				t.Fatalf("no exported figures: %v", err)
			}
			var figCmd string
			for _, e := range ents {
				if filepath.Ext(e.Name()) != ".txt" {
					continue
				}
				b, _ := os.ReadFile(filepath.Join(dir, figs, e.Name()))
				c := afterPrefix(string(b), "Reproduce: ")
				if figCmd != "" && c != figCmd {
					t.Errorf("%s: caption command %q, another caption's %q", e.Name(), c, figCmd)
				}
				figCmd = c
			}
			shellargtest.Run(t, bin, again, figCmd)
			sameFolders(t, filepath.Join(dir, figs), filepath.Join(again, figs))
		})
	}
}
