package tui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/plot/figure"
)

// Handing the terminal to another program (tea.ExecProcess, which
// releases the terminal and restores the screen after): o shows the
// selected item's record in $PAGER (less when unset), E opens the judge's
// exported Markdown report in $EDITOR. The record goes to a temporary
// file, removed after; nothing is written over an input.

// execDoneMsg reports that the pager or the editor exited.
type execDoneMsg struct {
	// what names the program for the status line ("$PAGER (less)").
	what string
	// file is what it showed; tmp is true when plumb wrote it and removes
	// it now.
	file string
	tmp  bool
	err  error
}

// shellCmd runs the user's command line prog (it may hold arguments, as
// $PAGER often does) on file through sh, which gets the file as "$1", so
// a file name is never read as shell code.
func shellCmd(prog, file string) *exec.Cmd {
	return exec.Command("sh", "-c", prog+` "$1"`, "plumb", file)
}

// pagerCmd writes record to a temporary file and shows it in $PAGER.
func pagerCmd(c *common, record []byte) tea.Cmd {
	prog, what := os.Getenv("PAGER"), "$PAGER"
	if strings.TrimSpace(prog) == "" {
		prog, what = "less", "less, as $PAGER is not set,"
	}
	f, err := os.CreateTemp("", "plumb-item-*.json")
	if err == nil {
		_, err = f.Write(record)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		c.setFlashErr(fmt.Errorf("cannot write the record for the pager: %w", err))
		return nil
	}
	name := f.Name()
	return tea.ExecProcess(shellCmd(prog, name), func(err error) tea.Msg {
		return execDoneMsg{what: what, file: name, tmp: true, err: err}
	})
}

// editorCmd opens the judge's exported Markdown report in $EDITOR; with
// no export yet, or no $EDITOR, the status line says so.
func editorCmd(c *common) tea.Cmd {
	if len(c.judges) == 0 {
		return nil
	}
	md := exportFiles(c.opts.ExportPrefix, figure.Stems(c.judges)[c.judgeName()]).md
	if _, err := os.Stat(md); err != nil {
		c.setFlash("no export of judge %s to open: e writes %s", c.judgeName(), md)
		return nil
	}
	prog := os.Getenv("EDITOR")
	if strings.TrimSpace(prog) == "" {
		c.setFlash("$EDITOR is not set: the report is %s", md)
		return nil
	}
	return tea.ExecProcess(shellCmd(prog, md), func(err error) tea.Msg {
		return execDoneMsg{what: "$EDITOR", file: md, err: err}
	})
}

// execDone removes the pager's temporary file and says how the program
// ended.
func execDone(c *common, msg execDoneMsg) {
	if msg.tmp {
		_ = os.Remove(msg.file)
	}
	switch {
	case msg.err != nil && msg.tmp:
		c.setFlashErr(fmt.Errorf("%s failed: %w; the record was not shown", msg.what, msg.err))
	case msg.err != nil:
		c.setFlashErr(fmt.Errorf("%s failed on %s: %w", msg.what, msg.file, msg.err))
	case msg.tmp:
		c.setFlash("closed the record (%s)", strings.TrimSuffix(msg.what, ","))
	default:
		c.setFlash("closed %s (%s)", msg.file, msg.what)
	}
}

// pairRecord is a pair record as the log format writes it, indented.
func pairRecord(p *model.Pair) ([]byte, error) {
	var b bytes.Buffer
	w := model.NewWriter(&b)
	if err := w.WritePair(p); err != nil {
		return nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return indentLines(b.Bytes())
}

// scoreRecordsText writes score records as the log format does, indented.
func scoreRecordsText(recs []*model.Score) ([]byte, error) {
	var b bytes.Buffer
	w := model.NewWriter(&b)
	for _, s := range recs {
		if err := w.WriteScore(s); err != nil {
			return nil, err
		}
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return indentLines(b.Bytes())
}

// indentLines indents each JSON line of b, one record after another.
func indentLines(b []byte) ([]byte, error) {
	var out bytes.Buffer
	for line := range bytes.Lines(b) {
		if err := json.Indent(&out, bytes.TrimSpace(line), "", "  "); err != nil {
			return nil, fmt.Errorf("record: %w", err)
		}
		out.WriteByte('\n')
	}
	return out.Bytes(), nil
}
