package tui

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	hostilenames "github.com/plumb-eval/plumb/internal/hostile"
	"github.com/plumb-eval/plumb/internal/shellarg/shellargtest"
)

// checkWrapped asserts the command units wrapped at w: every line but the
// last ends in " \", no line is wider than w unless it holds one unit, no
// unit is cut (each is on one line), and bash, reading the lines as
// printed, hands plumb the one-line command's words.
func checkWrapped(t *testing.T, units []string, w int) {
	t.Helper()
	lines := wrapCommand(units, w)
	oneLine := strings.Join(units, " ")
	got := 0
	for i, l := range lines {
		body := strings.TrimPrefix(l, "  ")
		if i < len(lines)-1 {
			if !strings.HasSuffix(l, " \\") {
				t.Errorf("width %d: line %d %q does not end in a continuation", w, i, l)
			}
			body = strings.TrimSuffix(body, " \\")
		}
		if lipgloss.Width(l) > w && slices.Index(units, body) < 0 {
			t.Errorf("width %d: line %q is %d cells wide and holds more than one unit", w, l, lipgloss.Width(l))
		}
		for _, u := range units[got:] {
			if body != u && !strings.HasPrefix(body, u+" ") {
				break
			}
			body = strings.TrimPrefix(strings.TrimPrefix(body, u), " ")
			got++
		}
		if body != "" {
			t.Errorf("width %d: line %q cuts a unit (left %q)", w, l, body)
		}
	}
	if got != len(units) {
		t.Errorf("width %d: %d of %d units laid out:\n%s", w, got, len(units), strings.Join(lines, "\n"))
	}
	want := shellargtest.Words(t, oneLine)[1:]
	if argv := shellargtest.BashArgs(t, strings.Join(lines, "\n")); !slices.Equal(argv, want) {
		t.Errorf("width %d: bash read the wrapped command as %q, the one line as %q", w, argv, want)
	}
}

// TestReproduceWrapped: the reproduce command wrapped at 60, 80 and 120
// columns ends its lines in " \", never parts a flag from its value (the
// demo's --verdict-from raw-x0 was split at 80 columns) nor cuts a quoted
// word, and joined by bash gives the one-line command's argv: for every
// judge of the demo and for judges, groups and files named from the
// hostile corpus.
func TestReproduceWrapped(t *testing.T) {
	frameTest(t)
	t.Parallel()
	m := newDemoModelNoCompare(t, 120, 40)
	widths := []int{60, 80, 120}
	for range m.c.judges {
		units := m.c.reproduceUnits()
		if !slices.Contains(units, "--verdict-from raw-x0") {
			t.Fatalf("no --verdict-from raw-x0 unit in %q", units)
		}
		for _, w := range widths {
			checkWrapped(t, units, w)
		}
		press(t, m, "]")
	}
	opt := m.c.knobs.opt
	for _, name := range hostilenames.Names() {
		opt.Judges, opt.Group = []string{name}, name
		opt.Style.Self = map[string]string{name: name}
		in := inputArgs{files: []string{"runs/" + name + ".jsonl", name}, maps: []string{"judge=" + name}}
		for _, w := range widths {
			checkWrapped(t, reportUnits(opt, in), w)
		}
	}
	long := strings.Repeat("very long judge name ", 8)
	opt.Judges = []string{long}
	checkWrapped(t, reportUnits(opt, inputArgs{}), 60)
}

// TestReproducePopup80: at 80×24 the popup shows the command in lines that
// fit, with --verdict-from and its value on one line, and y copies the
// command as one line, writes it to PREFIX.JUDGE.command.sh and says so in
// the status line.
func TestReproducePopup80(t *testing.T) {
	frameTest(t)
	t.Parallel()
	dir := t.TempDir()
	m := newDemoModelNoCompare(t, 80, 24)
	m.c.opts.ExportPrefix = filepath.Join(dir, "out")
	press(t, m, "c")
	frame := frameText(m)
	if !strings.Contains(frame, "--verdict-from raw-x0") || !strings.Contains(frame, "plumb report --judge") {
		t.Fatalf("the popup at 80×24 parts --verdict-from from its value:\n%s", frame)
	}
	checkFrame(t, m, 80, 24)
	cmd := m.key(keyMsg("y"))
	if cmd == nil {
		t.Fatal("y copied nothing")
	}
	batch, ok := cmd().(tea.BatchMsg)
	if !ok || len(batch) != 2 {
		t.Fatalf("y's command is not the copy and the write")
	}
	if v := reflect.ValueOf(batch[0]()); !strings.Contains(v.Type().String(), "Clipboard") || v.String() != m.c.reproduceCommand() {
		t.Fatalf("y copies %v, want the command %q", batch[0](), m.c.reproduceCommand())
	}
	run(t, m, batch[1])
	name := filepath.Join(dir, "out.judge-fair.command.sh")
	if m.c.flashErr || !strings.Contains(m.c.flash, "copied the command as one line (OSC 52") || !strings.Contains(m.c.flash, name) {
		t.Fatalf("status after y: %q (error %v)", m.c.flash, m.c.flashErr)
	}
	b, err := os.ReadFile(name)
	if err != nil || string(b) != m.c.reproduceCommand()+"\n" {
		t.Fatalf("%s holds %q (%v), want the command %q", name, b, err, m.c.reproduceCommand())
	}
}
