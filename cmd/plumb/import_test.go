package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/importer"
)

// fixtures is the importer's hand-written test data.
const fixtures = "../../model/importer/testdata/"

// executeImport runs the import command with args.
func executeImport(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	cmd := newImportCmd()
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetArgs(args)
	err := cmd.Execute()
	return out.String(), errOut.String(), err
}

// samePairs checks that the written log holds the importer's records.
func sameRecords(t *testing.T, got, want *model.Log) {
	t.Helper()
	if len(got.Pairs) != len(want.Pairs) || len(got.Verdicts) != len(want.Verdicts) || len(want.Pairs)+len(want.Verdicts) == 0 {
		t.Fatalf("wrote %d pairs and %d verdicts, imported %d and %d", len(got.Pairs), len(got.Verdicts), len(want.Pairs), len(want.Verdicts))
	}
	for i := range want.Pairs {
		g, w := got.Pairs[i], want.Pairs[i]
		g.Pos, w.Pos = model.Pos{}, model.Pos{}
		if len(w.Extra) == 0 {
			w.Extra = nil
		}
		if len(g.Extra) == 0 {
			g.Extra = nil
		}
		if !reflect.DeepEqual(g, w) {
			t.Errorf("pair %d:\n got %+v\nwant %+v", i, g, w)
		}
	}
	for i := range want.Verdicts {
		g, w := got.Verdicts[i], want.Verdicts[i]
		g.Pos, w.Pos = model.Pos{}, model.Pos{}
		if !reflect.DeepEqual(g, w) {
			t.Errorf("verdict %d:\n got %+v\nwant %+v", i, g, w)
		}
	}
}

// TestImportEveryFormat imports each fixture to a file and reads it back
// with model.ReadFiles: the same records as importer.Load gives.
func TestImportEveryFormat(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		note string
	}{
		{[]string{fixtures + "fastchat/gpt-4_pair.jsonl"}, `could not be read ("error" ×2)`},
		{[]string{fixtures + "llmbar"}, "the ratings score each output alone"},
		{[]string{fixtures + "arena-hard"}, "could not be read (null ×2)"},
		{[]string{fixtures + "judgebench"}, "could not be read (null ×2)"},
		{[]string{fixtures + "alpacaeval/annotations.json"}, "AlpacaEval annotations record one order per pair"},
		{[]string{fixtures + "pandalm/testset-v1.json", fixtures + "pandalm/gpt-3.5-turbo-testset-v1.json"}, `("garbage" ×1)`},
		{[]string{"--from", "columns", "--map", "id=id", "--map", "judge-columns=gpt4_correct,llama_correct",
			"--map", "human=human_correct", fixtures + "columns/verdicts.csv"}, "1 row without a human label"},
	} {
		out := filepath.Join(t.TempDir(), "out.jsonl")
		stdout, stderr, err := executeImport(t, append(c.args, "-o", out)...)
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		if stdout != "" || !strings.Contains(stderr, "wrote ") || !strings.Contains(stderr, "note: ") || !strings.Contains(stderr, c.note) {
			t.Errorf("%v: stdout %q, stderr:\n%s", c.args, stdout, stderr)
		}
		got, err := model.ReadFiles([]string{out}, model.ReadOptions{})
		if err != nil {
			t.Fatalf("%v: the written log does not read back: %v", c.args, err)
		}
		var files []string
		var from string
		var mapping []string
		for i := 0; i < len(c.args); i++ {
			switch c.args[i] {
			case "--from":
				from, i = c.args[i+1], i+1
			case "--map":
				mapping, i = append(mapping, c.args[i+1]), i+1
			default:
				files = append(files, c.args[i])
			}
		}
		want, err := importer.Load(files, from, model.ReadOptions{}, importer.Options{Map: mapping})
		if err != nil {
			t.Fatal(err)
		}
		sameRecords(t, got, want)
	}
}

func TestImportStdoutAndGzip(t *testing.T) {
	t.Parallel()
	stdout, stderr, err := executeImport(t, fixtures+"fastchat/gpt-4_pair.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lg, err := model.Read(strings.NewReader(stdout), "stdout", model.ReadOptions{})
	if err != nil || len(lg.Pairs) != 4 {
		t.Fatalf("stdout is not the log: %v", err)
	}
	if !strings.Contains(stderr, "gpt-4_pair.jsonl: 4 pairs, 0 scores, 0 verdicts") ||
		!strings.Contains(stderr, "wrote 4 records (4 pairs, 0 scores, 0 verdicts) of 2 judges to stdout") {
		t.Errorf("summary:\n%s", stderr)
	}
	gz := filepath.Join(t.TempDir(), "out.jsonl.gz")
	if _, _, err := executeImport(t, fixtures+"alpacaeval/annotations.json", "-o", gz); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(gz)
	if len(raw) < 2 || raw[0] != 0x1f || raw[1] != 0x8b {
		t.Fatal("-o x.gz is not gzipped")
	}
	if back, err := model.ReadFiles([]string{gz}, model.ReadOptions{}); err != nil || len(back.Pairs) != 3 {
		t.Errorf("gzip log: %v", err)
	}
}

func TestImportBadInput(t *testing.T) {
	t.Parallel()
	bad := filepath.Join(t.TempDir(), "fc.jsonl")
	os.WriteFile(bad, []byte(`{"question_id": 1, "model_1": "a", "model_2": "b", "g1_winner": "tie", "judge": "j"}`+"\n"+
		`{"question_id": 2, "model_1": 3}`+"\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{bad}, bad + ":2: model_1 = 3 is a number, expected a string"},
		{[]string{"--from", "nope", bad}, `--from: unknown format "nope"`},
		{[]string{"--map", "colour=red", bad}, "--map colour=red: unknown key"},
		{[]string{fixtures + "llmbar/Dataset/Processed/Tiny/dataset.json"}, "holds no judge verdicts"},
		{[]string{bad, "-o", bad}, "refusing to overwrite an input file"},
		{[]string{}, "import needs at least one FILE"},
	} {
		_, _, err := executeImport(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) || exitCode(err) != exitBadInput {
			t.Errorf("%v: error %v (exit %d), want %q and status 2", c.args, err, exitCode(err), c.want)
		}
	}
	// No records: a header-only CSV, or a file whose every item is left out
	// (or skipped), exits with status 2 and writes nothing.
	dir := t.TempDir()
	header := filepath.Join(dir, "h.csv")
	os.WriteFile(header, []byte("id,p\n"), 0o644)
	allOut := filepath.Join(dir, "out.jsonl")
	os.WriteFile(allOut, []byte(`{"question_id": 1, "model_1": "a", "model_2": "b", "g1_winner": "error", "g2_winner": "tie", "judge": "j"}`+"\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--from", "columns", "--map", "id=id", "--map", "judge-name=j", "--map", "p_a.x0=p", header}, header + ": holds no records (only a header row)"},
		{[]string{allOut}, "no records to import: nothing written"},
	} {
		out := filepath.Join(dir, "log.jsonl")
		_, stderr, err := executeImport(t, append(c.args, "-o", out)...)
		if err == nil || !strings.Contains(err.Error(), c.want) || exitCode(err) != exitBadInput {
			t.Errorf("%v: error %v (exit %d), want %q and status 2", c.args, err, exitCode(err), c.want)
		}
		if _, serr := os.Stat(out); serr == nil {
			t.Errorf("%v: wrote %s", c.args, out)
		}
		if c.args[0] == allOut && !strings.Contains(stderr, "note: "+allOut+": judge j: 1 of 2 verdicts could not be read") {
			t.Errorf("the notes say why there is nothing: %q", stderr)
		}
	}
	// --skip-bad writes the good records and says what it skipped.
	stdout, stderr, err := executeImport(t, "--skip-bad", bad)
	if err != nil || strings.Count(stdout, "\n") != 1 || !strings.Contains(stderr, "skipped 1 bad record:\n  "+bad+":2:") {
		t.Errorf("--skip-bad: %v, stdout %q, stderr:\n%s", err, stdout, stderr)
	}
}
