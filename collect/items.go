package collect

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/plumb-eval/plumb/model"
	"github.com/plumb-eval/plumb/model/importer"
)

// Item is one pair item to judge.
type Item struct {
	ID        string
	Group     string
	Prompt    string
	Response1 string
	Response2 string
	Gold      model.Gold
	// Model1 and Model2 name the generators of the two responses ("" when
	// not known); the records collect writes carry them as model_1 and
	// model_2 (docs/style.md).
	Model1, Model2 string
	// Probe is the kind of a probe (probes.go), "" for an item.
	Probe model.ProbeKind
}

// LoadItems reads the items of files. A plain JSONL file of objects
// {"id", "prompt", "response_1", "response_2", "gold"?, "group"?,
// "model_1"?, "model_2"?} is read directly (gold "1", "2", "tie", or the
// numbers 1 and 2; model_1 and model_2 the generators); anything else is
// read by the importer (log format v1 and every format of README
// "Importing logs"; from and maps as for --from and --map), keeping the
// texts. Items repeated across judges are taken once (the first); an item
// with none of the three texts is an error naming it, while an empty
// response (a model that answered nothing) is judged as it is (see
// EmptyTexts).
func LoadItems(files []string, from string, maps []string) ([]Item, error) {
	var items []Item
	seen := map[string]bool{}
	add := func(it Item, where string) error {
		if seen[it.ID] {
			return nil
		}
		seen[it.ID] = true
		if strings.TrimSpace(it.Prompt+it.Response1+it.Response2) == "" {
			return fmt.Errorf("%s: item %q carries no texts (collect needs the prompt and the two responses; this log holds verdicts only)", where, it.ID)
		}
		items = append(items, it)
		return nil
	}
	var others []string
	for _, f := range files {
		plain, err := isPlainItems(f)
		if err != nil {
			return nil, err
		}
		if !plain || from != "" {
			others = append(others, f)
			continue
		}
		if err := readPlainItems(f, func(it Item, line int) error { return add(it, fmt.Sprintf("%s:%d", f, line)) }); err != nil {
			return nil, err
		}
	}
	if len(others) > 0 {
		lg, err := importer.Load(others, from, model.ReadOptions{}, importer.Options{Map: maps})
		var te *importer.TableError
		if errors.As(err, &te) { // its --map line reads verdicts, which hold no texts to judge
			cols := make([]string, len(te.Columns))
			for i, c := range te.Columns {
				cols[i] = strconv.Quote(c)
			}
			return nil, &model.LineError{File: te.File, Line: te.Line, Msg: "a table (its columns: " + strings.Join(cols, ", ") +
				`); collect reads items from JSON Lines, one {"id", "prompt", "response_1", "response_2"} a line, or from a log that carries the texts (docs/collect.md#items)`}
		}
		if err != nil {
			return nil, err
		}
		for i := range lg.Pairs {
			p := &lg.Pairs[i]
			it := Item{ID: p.ID, Group: p.Group, Prompt: p.Prompt, Response1: p.Response1, Response2: p.Response2, Gold: p.Gold,
				Model1: p.Model(1), Model2: p.Model(2)}
			if err := add(it, p.Pos.String()); err != nil {
				return nil, err
			}
		}
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("no pair items in %s", strings.Join(files, ", "))
	}
	return items, nil
}

// open opens a file, decompressing gzip by content.
func open(name string) (io.Reader, func() error, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	br := bufio.NewReaderSize(f, 1<<20)
	head, _ := br.Peek(2)
	if len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		return zr, f.Close, nil
	}
	return br, f.Close, nil
}

// isPlainItems reports whether the file's first record is a plain item
// object: it has response_1 and no kind.
func isPlainItems(name string) (bool, error) {
	r, closeFn, err := open(name)
	if err != nil {
		return false, err
	}
	defer closeFn()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLineBytes)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var probe map[string]json.RawMessage
		if json.Unmarshal(line, &probe) != nil {
			return false, nil
		}
		_, hasKind := probe["kind"]
		_, hasR1 := probe["response_1"]
		return hasR1 && !hasKind, nil
	}
	return false, nil
}

// plainItem is a line of the plain items format.
type plainItem struct {
	ID        json.RawMessage `json:"id"`
	Group     string          `json:"group"`
	Prompt    string          `json:"prompt"`
	Response1 string          `json:"response_1"`
	Response2 string          `json:"response_2"`
	Gold      json.RawMessage `json:"gold"`
	Model1    json.RawMessage `json:"model_1"`
	Model2    json.RawMessage `json:"model_2"`
}

// readPlainItems reads a plain items file, calling fn for each item.
func readPlainItems(name string, fn func(Item, int) error) error {
	r, closeFn, err := open(name)
	if err != nil {
		return err
	}
	defer closeFn()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLineBytes)
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var pi plainItem
		if err := json.Unmarshal(b, &pi); err != nil {
			return fmt.Errorf("%s:%d: %w", name, line, err)
		}
		id, ok := plainID(pi.ID)
		if !ok {
			return fmt.Errorf("%s:%d: field id is missing, empty or not a string or number", name, line)
		}
		g, err := parseGold(pi.Gold)
		if err != nil {
			return fmt.Errorf("%s:%d: field gold %w", name, line, err)
		}
		var models [2]string
		for k, raw := range [2]json.RawMessage{pi.Model1, pi.Model2} {
			if models[k], err = parseModel(raw); err != nil {
				return fmt.Errorf("%s:%d: field model_%d %w", name, line, k+1, err)
			}
		}
		it := Item{ID: id, Group: pi.Group, Prompt: pi.Prompt, Response1: pi.Response1, Response2: pi.Response2, Gold: g,
			Model1: models[0], Model2: models[1]}
		if err := fn(it, line); err != nil {
			return err
		}
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return &TooLargeError{Name: fmt.Sprintf("%s:%d", name, line+1), What: "line", Limit: MaxLineBytes}
	} else if err != nil {
		return fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	return nil
}

func parseGold(raw json.RawMessage) (model.Gold, error) {
	switch strings.Trim(string(raw), `"`) {
	case "", "null":
		return model.GoldNone, nil
	case "1":
		return model.Gold1, nil
	case "2":
		return model.Gold2, nil
	case "tie":
		return model.GoldTie, nil
	}
	return model.GoldNone, fmt.Errorf("= %s, want \"1\", \"2\" or \"tie\"", raw)
}

// parseModel decodes an optional generator name: a non-empty string, or
// null or absent for none.
func parseModel(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", fmt.Errorf("= %s, want the name of the model that wrote the response (a string)", raw)
	}
	if s == "" {
		return "", errors.New(`is empty (leave it out, or null, when the model is not known)`)
	}
	return s, nil
}

// EmptyTexts counts the items with an empty prompt or response.
func EmptyTexts(items []Item) int {
	n := 0
	for i := range items {
		it := &items[i]
		if strings.TrimSpace(it.Prompt) == "" || strings.TrimSpace(it.Response1) == "" || strings.TrimSpace(it.Response2) == "" {
			n++
		}
	}
	return n
}

// plainID decodes an id: a non-empty string, or a number as written.
func plainID(raw json.RawMessage) (string, bool) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, strings.TrimSpace(s) != ""
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String(), true
	}
	return "", false
}
