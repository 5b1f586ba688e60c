package importer

import (
	"errors"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/model"
)

func TestDetect(t *testing.T) {
	v1 := writeFile(t, "renamed.csv", `[{"kind":"pair","id":"x","judge":"j","choice":{"x0":"A"}}]`)
	for path, want := range map[string]Format{
		"testdata/fastchat/gpt-4_pair.jsonl":                                                                                        FormatFastChat,
		"testdata/llmbar/Dataset/Processed/Tiny/evaluators/GPT-4/Vanilla/result.json":                                               FormatLLMBar,
		"testdata/arena-hard/model_judgment/gpt-4-1106-preview/model-x.jsonl":                                                       FormatArenaHard,
		"testdata/judgebench/dataset=judgebench,response_model=gpt-4o-2024-05-13,judge_name=reward_model,judge_model=Tiny_RM.jsonl": FormatJudgeBench,
		"testdata/alpacaeval/annotations.json":                                                                                      FormatAlpacaEval,
		"testdata/pandalm/testset-v1.json":                                                                                          FormatPandaLM,
		"testdata/pandalm/gpt-3.5-turbo-testset-v1.json":                                                                            FormatPandaLM,
		v1: FormatV1,
		gzipCopy(t, "testdata/alpacaeval/annotations.json"): FormatAlpacaEval,
	} {
		got, err := Detect(path)
		if err != nil || got != want {
			t.Errorf("Detect(%s) = %q, %v; want %q", path, got, err, want)
		}
	}
}

func TestDetectRefuses(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{"testdata/llmbar/Dataset/Processed/Tiny/dataset.json", "holds no judge verdicts: it looks like an LLMBar dataset.json"},
		{"testdata/llmbar/Dataset/Processed/Tiny/evaluators/GPT-4/Vanilla/statistics.json", "LLMBar's statistics.json"},
		{writeFile(t, "question.jsonl", `{"question_id": 81, "category": "writing", "turns": ["Compose..."]}`), "a question file"},
		{"testdata/columns/verdicts.csv", "verdicts.csv:1: a table whose columns plumb cannot place by itself (it has: id, question, gpt4_correct, " +
			"llama_correct, human_correct); read it with --from columns --map id=id --map judge-columns=gpt4_correct,llama_correct --map human=human_correct"},
		{writeFile(t, "odd.jsonl", `{"who": 1, "what": 2}`), "unknown judge-log format (the first record has the fields: who, what)"},
		{writeFile(t, "empty.json", " [ ] "), "holds no records"},
		{"testdata/missing.jsonl", "cannot open"},
	} {
		_, err := Detect(c.path)
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, model.ErrBadInput) {
			t.Errorf("Detect(%s) = %v, want an input error with %q", c.path, err, c.want)
		}
	}
}

// TestSniffLongFirstRecord: the fields after a long text are still seen.
func TestSniffLongFirstRecord(t *testing.T) {
	long := strings.Repeat("word ", 200000) // 1 MB
	s := sniff([]byte(`[{"input": "x", "output_1": "` + long + `", "output_2": "y", "label": 1, "results": [{}]}]`))
	if s.format != FormatLLMBar || s.role != roleJudgments {
		t.Errorf("sniffed %+v", s)
	}
}

func TestFromOverridesDetection(t *testing.T) {
	// An Arena-Hard line read as FastChat fails on FastChat's fields.
	_, err := Load([]string{"testdata/arena-hard/model_judgment/gpt-4-1106-preview/model-x.jsonl"}, "fastchat", model.ReadOptions{}, Options{})
	if err == nil || !strings.Contains(err.Error(), "model-x.jsonl:1: model_1 is missing (expected a string)") {
		t.Errorf("error %v", err)
	}
	if _, err := Load([]string{"x"}, "nope", model.ReadOptions{}, Options{}); err == nil || !strings.Contains(err.Error(), `unknown format "nope"`) {
		t.Errorf("bad --from: %v", err)
	}
	if _, err := Load([]string{"testdata/alpacaeval"}, "llmbar", model.ReadOptions{}, Options{}); err == nil ||
		!strings.Contains(err.Error(), "no judge logs in this folder (looked at 1 file)") {
		t.Errorf("folder without logs of the format: %v", err)
	}
	if _, err := Load([]string{"testdata/fastchat/gpt-4_pair.jsonl"}, "fastchat", model.ReadOptions{}, Options{Map: []string{"id=x"}}); err == nil ||
		!strings.Contains(err.Error(), "--map is only for --from columns") {
		t.Errorf("--map with another format: %v", err)
	}
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]Format{"": FormatAuto, "auto": FormatAuto, "MT-Bench": FormatFastChat,
		"arenahard": FormatArenaHard, "alpaca_eval": FormatAlpacaEval, "csv": FormatColumns, "plumb": FormatV1} {
		if got, err := ParseFormat(in); err != nil || got != want {
			t.Errorf("ParseFormat(%q) = %q, %v", in, got, err)
		}
	}
	for _, f := range Formats() {
		if got, err := ParseFormat(string(f)); err != nil || got != f {
			t.Errorf("ParseFormat(%q) = %q, %v", f, got, err)
		}
	}
}
