package importer

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plumb-eval/plumb/model"
)

// One fuzz target per importer's record parser: no input panics, every
// error is a located input error, and every record produced is valid log
// format v1.

// checkRecord checks one parser outcome.
func checkRecord(t *testing.T, rc *recCtx, err *model.LineError) {
	t.Helper()
	if err != nil {
		if !errors.Is(err, model.ErrBadInput) || err.Msg == "" {
			t.Fatalf("bad error %#v", err)
		}
		return
	}
	for i := range rc.pairs {
		p := &rc.pairs[i]
		if e := p.Validate(); e != nil {
			t.Fatalf("invalid pair %+v: %v", *p, e)
		}
		// Texts are the input's, never repaired: invalid UTF-8 is an error.
		for _, s := range []string{p.ID, p.Judge, p.Group, p.Prompt, p.Response1, p.Response2} {
			if !utf8.ValidString(s) {
				t.Fatalf("pair %+v has invalid UTF-8", *p)
			}
		}
	}
	for i := range rc.verdicts {
		if e := rc.verdicts[i].Validate(); e != nil {
			t.Fatalf("invalid verdict %+v: %v", rc.verdicts[i], e)
		}
	}
	rc.tally.notes() // must not panic either
}

// seedLines adds every line (or array element) of the fixture files.
func seedLines(f *testing.F, files ...string) {
	for _, file := range files {
		r, err := os.Open(file)
		if err != nil {
			f.Fatal(err)
		}
		eachRecord(bufio.NewReader(r), file, func(_ int, b []byte) error {
			f.Add(bytes.Clone(b))
			return nil
		})
		r.Close()
	}
}

func FuzzFastChat(f *testing.F) {
	seedLines(f, "testdata/fastchat/gpt-4_pair.jsonl", "testdata/fastchat-texts/gpt-4_pair.jsonl")
	f.Add([]byte(`{"question_id":1,"model_1":"a","model_2":"b","g1_winner":"tie","judge":["j"],"turn":2}`))
	f.Add([]byte(`{"question_id":1,"model_1":"a","model_2":"b","g1_winner":"tie","judge":["j"],"g1_user_prompt":"caf` + "\xe9" + `"}`))
	f.Add([]byte(`{"question_id":1,"model_1":"a","model_2":"b","g1_winner":"tie","judge":["j"],"g1_winner":"model_1"}`))
	f.Add([]byte(`{"question_id":1,"model_1":"a","model_2":"b","g1_winner":"tie","judge":["j"],"g\u0031_winner":"model_1"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		rc := newRecCtx("f", false)
		checkRecord(t, rc, parseFastChat(rc, b))
		rc = newRecCtx("f", true) // texts skipped, their lengths kept
		rc.textLengths = true
		checkRecord(t, rc, parseFastChat(rc, b))
	})
}

func FuzzLLMBar(f *testing.F) {
	seedLines(f, "testdata/llmbar/Dataset/Processed/Tiny/evaluators/GPT-4/Vanilla/result.json",
		"testdata/llmbar/Dataset/Processed/Tiny/evaluators/GPT-4/Rating/result.json")
	f.Add([]byte(`{"input":1.5,"output_1":true,"output_2":false,"label":1,"results":[{"swap = False":{"winner":"1"}}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		rc := newRecCtx("f", false)
		checkRecord(t, rc, parseLLMBar(rc, llmbarPath{"GPT-4/Rating", "Processed/Tiny"}, 3, b))
	})
}

func FuzzArenaHard(f *testing.F) {
	seedLines(f, "testdata/arena-hard/model_judgment/gpt-4-1106-preview/model-x.jsonl")
	// One game, none (counted as missing verdicts).
	f.Add([]byte(`{"question_id":"q","model":"m","judge":"j","games":[{"score":"A>B"}]}`))
	f.Add([]byte(`{"question_id":"q","model":"m","games":[]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		rc := newRecCtx("f", true)
		checkRecord(t, rc, parseArenaHard(rc, "judge-dir", b))
	})
}

func FuzzJudgeBench(f *testing.F) {
	seedLines(f, "testdata/judgebench/dataset=judgebench,response_model=gpt-4o-2024-05-13,judge_name=reward_model,judge_model=Tiny_RM.jsonl",
		"testdata/judgebench/dataset=judgebench,response_model=gpt-4o-2024-05-13,judge_name=arena_hard,judge_model=claude-3-haiku-20240307.jsonl")
	f.Add([]byte(`{"pair_id":"p","judge_name":"j","judgments":[{"judgment":{"scores":[1e308,-1e308]},"decision":null}]}`))
	for _, scores := range []string{`["5.6","14.6"]`, `[5.6]`, `[1,2,3]`, `[1e999,2]`, `{"a":1}`, `null`, `[]`} {
		f.Add([]byte(`{"pair_id":"p","judge_name":"j","judgments":[{"judgment":{"scores":` + scores + `},"decision":"A>B"}]}`))
	}
	// Labels other than A>B and B>A (errors), texts that are not strings
	// (counted), one judgment and none (counted as missing verdicts).
	for _, label := range []string{`"A=B"`, `"A>>B"`, `"a>b"`, `1`} {
		f.Add([]byte(`{"pair_id":"p","label":` + label + `,"judge_name":"j","judgments":[{"decision":"A>B"},{"decision":"B>A"}]}`))
	}
	f.Add([]byte(`{"pair_id":"p","label":"B>A","judge_name":"j","response_A":42,"response_B":true,"judgments":[{"decision":"A>B"}]}`))
	f.Add([]byte(`{"pair_id":"p","judge_name":"j","judgments":[]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		rc := newRecCtx("f", false)
		checkRecord(t, rc, parseJudgeBench(rc, "", b))
	})
}

func FuzzAlpacaEval(f *testing.F) {
	seedLines(f, "testdata/alpacaeval/annotations.json", "testdata/alpacaeval-orders/annotations.json")
	f.Add([]byte(`{"instruction":12,"output_1":-0.0,"output_2":true,"preference":1.5}`))
	f.Add([]byte(`{"output_1":"a","output_2":"b","preference":2,"raw_completion":{"logprobs":{"top_logprobs":[{"M":0,"m":-1e999}]}}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		rc := newRecCtx("f", false)
		checkRecord(t, rc, parseAlpacaEval(rc, 7, b))
		rc = newRecCtx("f", true) // texts skipped, their lengths kept
		rc.textLengths = true
		checkRecord(t, rc, parseAlpacaEval(rc, 7, b))
	})
}

// FuzzPandaLM feeds the same bytes to the test-set parser and, joined to
// what it read, to the judge-file parser.
func FuzzPandaLM(f *testing.F) {
	seedLines(f, "testdata/pandalm/testset-v1.json", "testdata/pandalm/gpt-3.5-turbo-testset-v1.json",
		"testdata/pandalm/pandalm-7b-testset-v1.json")
	f.Add([]byte(`{"idx":1,"gpt_result":"1","pandalm_result":2}`)) // two verdicts: an error
	f.Add([]byte(`{"idx":1,"instruction":"i","response1":true,"response2":3,"annotator1":1}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		rc := newRecCtx("f", false)
		set := pandaSet{}
		checkRecord(t, rc, parsePandaTestset(rc, set, true, b))
		rc.reset()
		checkRecord(t, rc, parsePandaJudge(rc, set, true, "", b))
	})
}

// FuzzColumns reads arbitrary CSV (or JSON) text with a verdict mapping
// and a pair mapping.
func FuzzColumns(f *testing.F) {
	raw, err := os.ReadFile("testdata/columns/verdicts.csv")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	f.Add([]byte("id,gpt4_correct,llama_correct,human_correct\nx,yes,,maybe\n"))
	f.Add([]byte(`{"id":"x","gpt4_correct":true,"human_correct":null,"llama_correct":0}`))
	f.Add([]byte("id,gpt4_correct,llama_correct,human_correct\nx,tr\xfce,,true\n"))
	f.Add([]byte("id,gpt4_correct,gpt4_correct,human_correct\nx,true,false,true\n"))
	f.Add([]byte("id,gpt4_correct,llama_correct,human_correct\n"))
	f.Add([]byte(strings.Repeat("\n", 5000) + `{"id":"x","gpt4_correct":true}`))
	// Numbers only ParseFloat reads (errors), choices in lower case
	// (counted), names and texts of the wrong JSON type.
	f.Add([]byte("id,gpt4_correct,llama_correct,human_correct,question\nx,j,0x1p-2,inf,1\ny,j,.5,b,tie\nz,j,-Inf,Tie,2\n"))
	f.Add([]byte(`{"id":"x","gpt4_correct":7,"llama_correct":"0X.8P0","human_correct":"a","question":true}`))
	f.Add([]byte(`{"id":false,"gpt4_correct":"j","llama_correct":0.5,"human_correct":null}`))
	verdicts, err := ParseMapping([]string{"id=id", "judge-columns=gpt4_correct,llama_correct", "human=human_correct"})
	if err != nil {
		f.Fatal(err)
	}
	pairs, err := ParseMapping([]string{"id=id", "judge=gpt4_correct", "p_a.x0=llama_correct", "p_a.swapped=human_correct", "swap=x2", "gold=question"})
	if err != nil {
		f.Fatal(err)
	}
	choices, err := ParseMapping([]string{"id=id", "judge=gpt4_correct", "choice.x0=human_correct", "group=question", "prompt=llama_correct"})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, m := range []*Mapping{&verdicts, &pairs, &choices} {
			rc := newRecCtx("f", false)
			err := readColumns(bufio.NewReader(bytes.NewReader(b)), "f.csv", sniff(b), m, rc, func(_ int, le *model.LineError) error {
				checkRecord(t, rc, le)
				return nil
			})
			var le *model.LineError
			if err != nil && (!errors.As(err, &le) || !strings.HasPrefix(err.Error(), "f.csv")) {
				t.Fatalf("error %v is not located in the file", err)
			}
		}
	})
}

// FuzzSniff classifies arbitrary bytes as detection does: no input
// panics, and the streaming result is the same whatever the reader's
// buffer size (16 bytes, the least bufio allows, or 64 KiB), so a record
// or a run of blank lines split across buffers is read the same.
func FuzzSniff(f *testing.F) {
	for _, s := range []string{
		"\n\n\n" + `{"g1_winner": "model_1", "judge": "j"}`,
		" \r\n\t[\n" + `{"input": "a \"b\" {c} [d] \\", "output_1": "x", "results": []}]`,
		`{"who": {"n": [1, {"m": "}"}]}, "what": 2}`,
		"\xef\xbb\xbf" + `[ ]`,
		"id,p\n\nq,0.5\n",
		"\n\n\tid\tp\n",
		`{"k\u0069nd": "pair"}`,
		`{"a": "unterminated`,
		`{"a" 1, "b": 2}`,
		`{"a": 1 "b": 2}`,
		`[[{"a": 1}]]`,
		"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
		"# Notes\n\nSome *text*.\n",
		"id,gpt4,human\nq1,true,false\nq2,0,1\n",
		"\xff\xfei\x00d\x00",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		big := sniff(b)
		small, err := sniffStream(bufio.NewReaderSize(bytes.NewReader(b), 16))
		if err != nil {
			t.Fatal(err)
		}
		if big.role != small.role || big.format != small.format || strings.Join(big.keys, "\x00") != strings.Join(small.keys, "\x00") ||
			!bytes.Equal(big.header, small.header) || !bytes.Equal(big.sample, small.sample) || big.what != small.what || big.hint != small.hint {
			t.Fatalf("64 KiB buffer: %+v; 16-byte buffer: %+v", big, small)
		}
	})
}
