package doccheck

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Schema file names under docs/schema.
const (
	LogSchema    = "log-v1.schema.json"
	ReportSchema = "report.schema.json"
)

// ModuleRoot returns the repository's root: the nearest folder at or above
// the working directory that holds go.mod.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("module root: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("module root: no go.mod at or above the working directory")
		}
		dir = parent
	}
}

// CompileSchema compiles docs/schema/NAME of the repository at root as a
// draft 2020-12 JSON Schema (the draft its $schema names). A schema that is
// not valid against its meta-schema is an error.
func CompileSchema(root, name string) (*jsonschema.Schema, error) {
	return compileSchema(root, name, false)
}

// Validate checks the JSON document doc against s. Numbers are decoded
// exactly (as json.Number), so no value is rounded before it is checked.
func Validate(s *jsonschema.Schema, doc []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	return s.Validate(v)
}

// CompileSchemaClosed compiles docs/schema/NAME as CompileSchema does, but
// with every object schema that lists its properties closed
// ("additionalProperties": false unless it says otherwise), so that a key
// the schema does not document is an error. The published schemas stay
// open (keys may be added within a version); tests use this to find keys
// plumb writes that the schema, and so the documentation, does not name.
func CompileSchemaClosed(root, name string) (*jsonschema.Schema, error) {
	return compileSchema(root, name, true)
}

// compileSchema is CompileSchema, or CompileSchemaClosed when closed.
func compileSchema(root, name string, closed bool) (*jsonschema.Schema, error) {
	path := filepath.Join(root, "docs", "schema", name)
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, fmt.Errorf("schema %s: %w", path, err)
	}
	url, what := path, path
	if closed {
		closeObjects(doc)
		url, what = path+".closed", path+" (closed)"
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(url, doc); err != nil {
		return nil, fmt.Errorf("schema %s: %w", path, err)
	}
	s, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("schema %s: %w", what, err)
	}
	return s, nil
}

// closeObjects adds "additionalProperties": false to every schema in v
// that has "properties" and no "additionalProperties".
func closeObjects(v any) {
	switch x := v.(type) {
	case map[string]any:
		if _, ok := x["properties"]; ok {
			if _, ok := x["additionalProperties"]; !ok {
				x["additionalProperties"] = false
			}
		}
		for _, e := range x {
			closeObjects(e)
		}
	case []any:
		for _, e := range x {
			closeObjects(e)
		}
	}
}
