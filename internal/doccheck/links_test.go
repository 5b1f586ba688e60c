package doccheck

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// docFiles returns README.md and every Markdown file under docs/, relative
// to root.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	files := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestLinks checks that every relative link of README.md and docs/*.md
// resolves: to a file inside the repository and, for #anchors into Markdown,
// to a heading or <a id> of that file.
func TestLinks(t *testing.T) {
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	files := docFiles(t, root)
	if len(files) < 5 {
		t.Fatalf("found only %v: is docs/ missing?", files)
	}
	links := 0
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		links += len(Links(string(b)))
	}
	if links < 50 {
		t.Fatalf("only %d links in %d files: the link scanner is broken", links, len(files))
	}
	for _, err := range CheckLinks(root, files) {
		t.Error(err)
	}
}

// TestCheckLinksFindsBroken checks the checker on a small tree: each kind
// of broken link is reported with its file and line, and good links are not.
func TestCheckLinksFindsBroken(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("docs/b.md", "# B\n\n## Two words\n\n## Two words\n\n<a id=\"custom\"></a>text\n")
	write("docs/img/x.png", "png")
	write("README.md", strings.Join([]string{
		"# Top",                       // 1
		"[ok](docs/b.md#two-words-1)", // 2
		"[ok](docs/b.md#custom) ![i](docs/img/x.png)",             // 3
		"[missing file](docs/c.md)",                               // 4
		"[missing anchor](docs/b.md#three)",                       // 5
		"[outside](../shared/x.md)",                               // 6
		"[self](#top) [self bad](#nope)",                          // 7
		"`[in code](nowhere.md)` [web](https://example.com/x.md)", // 8
		"```",                        // 9
		"[in a block](nowhere.md)",   // 10
		"```",                        // 11
		"[ref]: docs/none.md",        // 12
		`<img src="docs/img/y.png">`, // 13
		"![an image whose alt text",  // 14
		"runs on](docs/img/z.png)",   // 15
	}, "\n"))
	var got []string
	for _, err := range CheckLinks(dir, []string{"README.md"}) {
		got = append(got, err.Error())
	}
	want := []string{
		"README.md:4: docs/c.md: no such file in the repository",
		"README.md:5: docs/b.md#three: b.md has no heading or anchor #three",
		"README.md:6: ../shared/x.md: points outside the repository (a clone has only what is inside it)",
		"README.md:7: #nope: README.md has no heading or anchor #nope",
		"README.md:12: docs/none.md: no such file in the repository",
		"README.md:13: docs/img/y.png: no such file in the repository",
		"README.md:15: docs/img/z.png: no such file in the repository",
	}
	if !slices.Equal(got, want) {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestSlug checks GitHub's heading anchors on headings of plumb's docs.
func TestSlug(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Position or ID? What each design identifies", "position-or-id-what-each-design-identifies"},
		{"CalibraEval's published code, reproduced", "calibraevals-published-code-reproduced"},
		{"§1 Items, arrangements and preferences", "1-items-arrangements-and-preferences"},
		{"Pairwise judgments: `\"kind\": \"pair\"`", "pairwise-judgments-kind-pair"},
		{"plumb completion bash", "plumb-completion-bash"},
		{"The fit path: from no calibration to convergence", "the-fit-path-from-no-calibration-to-convergence"},
		{"Flags of `p_a` and [links](x.md)", "flags-of-p_a-and-links"},
		{"A – B", "a--b"},
	} {
		if got := Slug(c.in); got != c.want {
			t.Errorf("Slug(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
