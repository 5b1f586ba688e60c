package doccheck

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Link is a link target found in a Markdown file.
type Link struct {
	Line   int    // 1-based line of the link
	Target string // as written: a path, a path#anchor or an #anchor
}

var (
	// inlineLink matches [text](target) and ![alt](target), with an
	// optional "title"; the target may be in angle brackets.
	inlineLink = regexp.MustCompile(`!?\[[^\]]*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)`)
	// refDef matches a reference definition: [label]: target.
	refDef = regexp.MustCompile(`^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)`)
	// htmlRef matches href="…" and src="…" of inline HTML.
	htmlRef = regexp.MustCompile(`\b(?:href|src)="([^"]*)"`)
	// htmlAnchor matches id="…" and name="…" of inline HTML: anchors.
	htmlAnchor = regexp.MustCompile(`<a\s[^>]*\b(?:id|name)="([^"]*)"`)
)

// Links returns the link targets of the Markdown text md, leaving out code
// blocks and code spans. A link's text may run over several lines.
func Links(md string) []Link {
	var out []Link
	lines := strings.Split(md, "\n")
	prose := make([]string, len(lines)) // code blocks blanked, so offsets keep their line
	forEachProse(md, func(n int, line string) {
		line = stripCode(line)
		prose[n-1] = line
		if m := refDef.FindStringSubmatch(line); m != nil {
			out = append(out, Link{Line: n, Target: strings.Trim(m[1], "<>")})
		}
	})
	text := strings.Join(prose, "\n")
	lineAt := func(off int) int { return strings.Count(text[:off], "\n") + 1 }
	for _, re := range []*regexp.Regexp{inlineLink, htmlRef} {
		for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
			out = append(out, Link{Line: lineAt(m[2]), Target: strings.Trim(text[m[2]:m[3]], "<>")})
		}
	}
	slices.SortStableFunc(out, func(a, b Link) int { return a.Line - b.Line })
	return out
}

// Anchors returns the anchors a Markdown file defines: GitHub's slug of
// every heading (a repeated slug gets -1, -2, … as on GitHub) and the id or
// name of every <a> element.
func Anchors(md string) map[string]bool {
	out := make(map[string]bool)
	seen := make(map[string]int)
	forEachProse(md, func(_ int, line string) {
		for _, m := range htmlAnchor.FindAllStringSubmatch(line, -1) {
			out[m[1]] = true
		}
		h, ok := heading(line)
		if !ok {
			return
		}
		s := Slug(h)
		if n := seen[s]; n > 0 {
			out[fmt.Sprintf("%s-%d", s, n)] = true
		} else {
			out[s] = true
		}
		seen[s]++
	})
	return out
}

// heading returns the text of an ATX heading line ("## Text"), without
// its markers.
func heading(line string) (string, bool) {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || !strings.HasPrefix(t, "#") {
		return "", false
	}
	level := len(t) - len(strings.TrimLeft(t, "#"))
	if level > 6 {
		return "", false
	}
	rest := t[level:]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return "", false
	}
	rest = strings.TrimSpace(rest)
	rest = strings.TrimSpace(strings.TrimRight(rest, "#")) // closing sequence
	return rest, true
}

// mdLink matches a Markdown link or image in heading text, to keep its text.
var mdLink = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)

// Slug is GitHub's anchor for a heading: the text as shown (links become
// their text; code and emphasis markers go), in lower case, keeping only
// letters, marks, digits, connector punctuation (_), spaces and hyphens,
// with each space turned into a hyphen.
func Slug(heading string) string {
	h := mdLink.ReplaceAllString(heading, "$1")
	h = strings.NewReplacer("`", "", "*", "").Replace(h)
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r) ||
			unicode.IsNumber(r) || unicode.Is(unicode.Pc, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// forEachProse calls fn with every line of md outside fenced code blocks
// (``` or ~~~) and indented code, with its 1-based number.
func forEachProse(md string, fn func(n int, line string)) {
	fence := ""
	for i, line := range strings.Split(md, "\n") {
		t := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(t, fence) && strings.TrimSpace(strings.TrimLeft(t, fence[:1])) == "" {
				fence = ""
			}
			continue
		}
		if len(line)-len(t) <= 3 && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")) {
			ch := t[:1]
			fence = t[:len(t)-len(strings.TrimLeft(t, ch))]
			continue
		}
		fn(i+1, line)
	}
}

// stripCode blanks the code spans of a line.
func stripCode(line string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(line, '`')
		if i < 0 {
			b.WriteString(line)
			return b.String()
		}
		n := len(line[i:]) - len(strings.TrimLeft(line[i:], "`"))
		ticks := line[i : i+n]
		j := strings.Index(line[i+n:], ticks)
		if j < 0 {
			b.WriteString(line)
			return b.String()
		}
		b.WriteString(line[:i])
		line = line[i+n+j+n:]
	}
}

// CheckLinks checks every relative link of the Markdown files (paths
// relative to root): each must name a file or folder inside root, and an
// #anchor into a Markdown file must be one of its headings or <a id>s.
// Links with a scheme (https:, mailto:) are not followed. It returns one
// error per broken link, naming the file and line.
func CheckLinks(root string, files []string) []error {
	var errs []error
	anchors := make(map[string]map[string]bool) // cleaned path → anchors
	anchorsOf := func(path string) (map[string]bool, error) {
		if a, ok := anchors[path]; ok {
			return a, nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		a := Anchors(string(b))
		anchors[path] = a
		return a, nil
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return []error{err}
	}
	for _, f := range files {
		src := filepath.Join(absRoot, f)
		b, err := os.ReadFile(src)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, l := range Links(string(b)) {
			if err := checkLink(absRoot, src, l, anchorsOf); err != nil {
				errs = append(errs, fmt.Errorf("%s:%d: %s: %w", f, l.Line, l.Target, err))
			}
		}
	}
	return errs
}

// checkLink checks one link of the file src.
func checkLink(root, src string, l Link, anchorsOf func(string) (map[string]bool, error)) error {
	u, err := url.Parse(l.Target)
	if err != nil {
		return fmt.Errorf("not a URL: %w", err)
	}
	if u.Scheme != "" || u.Host != "" {
		return nil
	}
	target := src
	if u.Path != "" {
		if strings.HasPrefix(u.Path, "/") {
			return fmt.Errorf("an absolute path; links must be relative to the file")
		}
		target = filepath.Join(filepath.Dir(src), filepath.FromSlash(u.Path))
		rel, err := filepath.Rel(root, target)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return fmt.Errorf("points outside the repository (a clone has only what is inside it)")
		}
		if _, err := os.Stat(target); err != nil {
			return fmt.Errorf("no such file in the repository")
		}
	}
	if u.Fragment == "" || !strings.HasSuffix(target, ".md") {
		return nil
	}
	a, err := anchorsOf(target)
	if err != nil {
		return err
	}
	if !a[u.Fragment] {
		return fmt.Errorf("%s has no heading or anchor #%s", filepath.Base(target), u.Fragment)
	}
	return nil
}
