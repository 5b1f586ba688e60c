package model

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// exampleFiles are the README's "Log format" examples, one per record kind
// and source.
var exampleFiles = []string{
	"pair_p_a.jsonl",
	"pair_logprobs.jsonl",
	"pair_choice.jsonl",
	"score_judge_score.jsonl",
	"score_probs.jsonl",
	"verdict.jsonl",
}

// TestExamplesCanonical reads each example and writes it back: the examples
// are in the writer's canonical form, so the bytes must match exactly.
func TestExamplesCanonical(t *testing.T) {
	for _, name := range exampleFiles {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", "examples", name)
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			l, err := ReadFiles([]string{path}, ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := WriteLog(&got, l); err != nil {
				t.Fatal(err)
			}
			if got.String() != string(want) {
				t.Errorf("written back:\n%s\nwant:\n%s", got.Bytes(), want)
			}
			l2, err := Read(&got, path, ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(l, l2) {
				t.Errorf("read back differs:\n%+v\n%+v", l, l2)
			}
		})
	}
}

// TestReadmeExamples: README's "Log format" section shows exactly these
// example records (it is checked once the section exists).
func TestReadmeExamples(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Skip("no README.md:", err)
	}
	i := bytes.Index(readme, []byte("## Log format"))
	if i < 0 {
		t.Skip(`README.md has no "## Log format" section yet`)
	}
	section := readme[i:]
	if j := bytes.Index(section[3:], []byte("\n## ")); j >= 0 {
		section = section[:j+3]
	}
	for _, name := range exampleFiles {
		data, err := os.ReadFile(filepath.Join("testdata", "examples", name))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
			if !bytes.Contains(section, line) {
				t.Errorf("README's Log format section lacks the example %s", line)
			}
		}
	}
}
