package collect

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"text/template"
)

//go:embed templates/*.tmpl templates/score/*.tmpl
var builtins embed.FS

// DefaultTemplate is the built-in template used when none is named.
const DefaultTemplate = "calibraeval"

// Template is a pairwise judge prompt: a Go text/template whose body is the
// user message, with optional named blocks:
//
//	{{define "system"}}…{{end}}      the system message (chat API); none when absent
//	{{define "marker"}}…{{end}}      text after which the answer token comes ("[[" for
//	                                 MT-Bench); absent: the answer is the first token
//	{{define "tie"}}…{{end}}         the answer that means a tie ("C" for MT-Bench)
//	{{define "max_tokens"}}…{{end}}  tokens the reply needs (default 8)
//	{{define "output"}}scores{{end}} the judge writes evidence, then scores both answers
//	                                 (FairEval's format; read by --evidence, faireval.go)
//
// The fields a template can use are those of Prompt.
type Template struct {
	Name   string // built-in name, or the file name as given
	SHA256 string // hex SHA-256 of the template's bytes
	Source []byte

	t         *template.Template
	Marker    string
	Tie       string
	MaxTokens int
	// Scores is true for a template whose answer is two scores (block
	// output "scores"), false for one whose answer is an option ID.
	Scores bool
}

// Prompt is what a template is executed with: one item in one arrangement.
type Prompt struct {
	Question    string // the item's prompt
	First       string // the response shown first
	Second      string // the response shown second
	FirstID     string // the option ID the first-shown response is labelled with
	SecondID    string // the option ID of the second-shown response
	ID1, ID2    string // the option IDs in --ids order; P(ID1) is the P(A) of the log
	Arrangement string // "x0".."x3"
}

// BuiltinTemplates lists the names of the built-in templates.
func BuiltinTemplates() []string {
	ents, _ := builtins.ReadDir("templates")
	var names []string
	for _, e := range ents {
		if !e.IsDir() {
			names = append(names, strings.TrimSuffix(e.Name(), ".tmpl"))
		}
	}
	slices.Sort(names)
	return names
}

// IDTemplates lists the built-in templates whose answer is an option ID
// (all but the scores templates, such as faireval, which label the
// answers by position).
func IDTemplates() []string {
	var out []string
	for _, name := range BuiltinTemplates() {
		if tp, err := LoadTemplate(name); err == nil && !tp.Scores {
			out = append(out, name)
		}
	}
	return out
}

// LoadTemplate returns the built-in template called name, or else reads the
// template file name.
func LoadTemplate(name string) (*Template, error) {
	if name == "" {
		name = DefaultTemplate
	}
	src, err := builtins.ReadFile(path.Join("templates", name+".tmpl"))
	if err != nil {
		src, err = readLimited(name, "template file", MaxTemplateBytes)
		var tl *TooLargeError
		if errors.As(err, &tl) {
			return nil, err
		}
		if err != nil {
			return nil, fmt.Errorf("template %q is neither built in (%s) nor a readable file: %w",
				name, strings.Join(BuiltinTemplates(), ", "), err)
		}
	}
	return ParseTemplate(name, src)
}

// ParseTemplate parses a pairwise template's source.
func ParseTemplate(name string, src []byte) (*Template, error) {
	probe := Prompt{Question: "q", First: "r", Second: "s", FirstID: "A", SecondID: "B", ID1: "A", ID2: "B", Arrangement: "x0"}
	return parseTemplate(name, src, &probe)
}

// parseTemplate parses a template and checks that it executes with probe.
func parseTemplate(name string, src []byte, probe any) (*Template, error) {
	t, err := template.New(name).Option("missingkey=error").Parse(string(src))
	if err != nil {
		return nil, fmt.Errorf("template %s: %w", name, err)
	}
	sum := sha256.Sum256(src)
	tp := &Template{Name: name, SHA256: hex.EncodeToString(sum[:]), Source: src, t: t, MaxTokens: 8}
	if tp.Marker, err = tp.block("marker", probe); err != nil {
		return nil, err
	}
	if tp.Tie, err = tp.block("tie", probe); err != nil {
		return nil, err
	}
	if tp.Scores, err = tp.outputKind(probe); err != nil {
		return nil, err
	}
	mt, err := tp.block("max_tokens", probe)
	if err != nil {
		return nil, err
	}
	if mt != "" {
		n, err := strconv.Atoi(strings.TrimSpace(mt))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("template %s: block max_tokens = %q, want a positive integer", name, mt)
		}
		tp.MaxTokens = n
	}
	if _, _, err := tp.Render(probe); err != nil {
		return nil, err
	}
	return tp, nil
}

// outputKind reads the block output: "scores" or none.
func (tp *Template) outputKind(probe any) (bool, error) {
	out, err := tp.block("output", probe)
	switch strings.TrimSpace(out) {
	case "":
		return false, err
	case "scores":
		return true, err
	}
	return false, fmt.Errorf("template %s: block output = %q, want \"scores\" (or no block: the answer is an option ID)", tp.Name, out)
}

// block executes the named block, or returns "" when the template has none.
func (tp *Template) block(name string, p any) (string, error) {
	if tp.t.Lookup(name) == nil {
		return "", nil
	}
	var b bytes.Buffer
	if err := tp.t.ExecuteTemplate(&b, name, p); err != nil {
		return "", fmt.Errorf("template %s: block %s: %w", tp.Name, name, err)
	}
	return b.String(), nil
}

// Render returns the system and user messages for p (a *Prompt, or a
// *ScorePrompt for a score template).
func (tp *Template) Render(p any) (system, user string, err error) {
	if system, err = tp.block("system", p); err != nil {
		return "", "", err
	}
	var b bytes.Buffer
	if err := tp.t.Execute(&b, p); err != nil {
		return "", "", fmt.Errorf("template %s: %w", tp.Name, err)
	}
	return system, b.String(), nil
}

// CheckIDs reports a template whose answer could not tell the options
// apart: one whose prompt is the same whichever of the two IDs labels
// which response (it shows no ID, or the same one twice), or whose tie
// answer is one of the IDs (ignoring case, as answers are read).
func (tp *Template) CheckIDs(ids IDs) error {
	a, b := ids[0], ids[1]
	if tp.Tie != "" && (strings.EqualFold(strings.TrimSpace(tp.Tie), a) || strings.EqualFold(strings.TrimSpace(tp.Tie), b)) {
		return fmt.Errorf("template %s: its tie answer %q is one of the option IDs %s,%s", tp.Name, tp.Tie, a, b)
	}
	p := Prompt{Question: "q", First: "r", Second: "s", FirstID: a, SecondID: b, ID1: a, ID2: b, Arrangement: "x0"}
	sys1, user1, err := tp.Render(&p)
	if err != nil {
		return err
	}
	p.FirstID, p.SecondID = b, a
	sys2, user2, err := tp.Render(&p)
	if err != nil {
		return err
	}
	if sys1 == sys2 && user1 == user2 {
		return fmt.Errorf("template %s: the prompt is the same whichever option ID (%s or %s) labels the first response, so an answer cannot say which response it chose: label them with {{.FirstID}} and {{.SecondID}}", tp.Name, a, b)
	}
	return nil
}
