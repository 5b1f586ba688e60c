package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// cliDocPath is docs/cli.md, relative to this package.
var cliDocPath = filepath.Join("..", "..", "docs", "cli.md")

// updateDocsEnv names the environment variable that makes TestCLIDoc
// rewrite docs/cli.md instead of comparing it.
const updateDocsEnv = "PLUMB_UPDATE_DOCS"

// TestCLIDoc keeps docs/cli.md equal to what the command tree says: every
// command, its usage, help text, examples and flags. It fails when a command
// or flag changed and the file was not regenerated; with PLUMB_UPDATE_DOCS=1
// it rewrites the file.
func TestCLIDoc(t *testing.T) {
	t.Parallel()
	got := cliDoc(newRootCmd())
	if os.Getenv(updateDocsEnv) != "" {
		tmp := cliDocPath + ".tmp"
		if err := os.WriteFile(tmp, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, cliDocPath); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", cliDocPath)
		return
	}
	want, err := os.ReadFile(cliDocPath)
	if err != nil {
		t.Fatalf("%v; write it with %s=1 go test -run TestCLIDoc ./cmd/plumb", err, updateDocsEnv)
	}
	if string(want) != got {
		t.Errorf("docs/cli.md is stale (%s); rewrite it with %s=1 go test -run TestCLIDoc ./cmd/plumb",
			firstDiff(string(want), got), updateDocsEnv)
	}
}

// TestCLIDocCoversEveryFlag checks the generator itself: every command of
// the tree has a section and every visible flag a row, so a flag cannot be
// left out of docs/cli.md by a generator bug.
func TestCLIDocCoversEveryFlag(t *testing.T) {
	t.Parallel()
	root := newRootCmd()
	doc := cliDoc(root)
	for _, c := range docCommands(root) {
		sec := section(doc, "## "+c.CommandPath())
		if sec == "" {
			t.Errorf("no section for %q", c.CommandPath())
			continue
		}
		c.NonInheritedFlags().VisitAll(func(f *pflag.Flag) {
			if f.Hidden {
				return
			}
			if !strings.Contains(sec, "`--"+f.Name) {
				t.Errorf("%s: flag --%s missing", c.CommandPath(), f.Name)
			}
		})
	}
}

// section returns the part of doc from the line heading to the next "## "
// heading, or "" when there is no such line.
func section(doc, heading string) string {
	i := strings.Index(doc, "\n"+heading+"\n")
	if i < 0 {
		return ""
	}
	rest := doc[i+1+len(heading):]
	if j := strings.Index(rest, "\n## "); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

// firstDiff says where a and b first differ, by line.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d: file has %q, the command tree gives %q", i+1, x, y)
		}
	}
	return "no line differs"
}

// docCommands returns root and its visible subcommands, depth first, with
// cobra's own help and completion commands, which it adds only at run time.
func docCommands(root *cobra.Command) []*cobra.Command {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	var out []*cobra.Command
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Deprecated != "" {
			return
		}
		c.InitDefaultHelpFlag()
		out = append(out, c)
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	root.InitDefaultVersionFlag()
	walk(root)
	return out
}

// cliDoc renders the command tree as Markdown.
func cliDoc(root *cobra.Command) string {
	cmds := docCommands(root)
	var b strings.Builder
	b.WriteString("# Command line\n\n")
	b.WriteString("<!-- Generated from plumb's cobra command tree by cmd/plumb/clidoc_test.go; do not edit.\n")
	b.WriteString("     After changing a command or flag: PLUMB_UPDATE_DOCS=1 go test -run TestCLIDoc ./cmd/plumb -->\n\n")
	b.WriteString("Every command and flag of plumb, as `plumb COMMAND --help` prints them. A test fails when this\n")
	b.WriteString("file and the commands differ. Exit statuses: 0 success, 2 bad input (a bad line, a missing file,\n")
	b.WriteString("a bad flag value), 1 anything else, 3 from `plumb collect` when items were not written,\n")
	b.WriteString("128 + the signal's number after SIGINT or SIGTERM (130 for Ctrl-C).\n\n")
	b.WriteString("| command | what it does |\n|---|---|\n")
	for _, c := range cmds {
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s |\n", c.CommandPath(), slug(c.CommandPath()), cell(c.Short))
	}
	for _, c := range cmds {
		fmt.Fprintf(&b, "\n## %s\n\n", c.CommandPath())
		fmt.Fprintf(&b, "```text\n%s\n```\n\n", c.UseLine())
		if c.Short != "" {
			fmt.Fprintf(&b, "%s.\n", strings.TrimSuffix(strings.TrimSpace(c.Short), "."))
		}
		if long := strings.TrimSpace(c.Long); long != "" && long != strings.TrimSpace(c.Short) {
			fmt.Fprintf(&b, "\n```text\n%s\n```\n", long)
		}
		if ex := strings.TrimRight(c.Example, " \n"); ex != "" {
			fmt.Fprintf(&b, "\nExamples:\n\n```sh\n%s\n```\n", dedent(ex))
		}
		flagTable(&b, "Flags", c.NonInheritedFlags())
		flagTable(&b, "Inherited flags", c.InheritedFlags())
	}
	return b.String()
}

// flagTable writes the visible flags of fs as a table under a title.
func flagTable(b *strings.Builder, title string, fs *pflag.FlagSet) {
	var rows []string
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden || f.Deprecated != "" {
			return
		}
		name, usage := pflag.UnquoteUsage(f)
		flag := "`--" + f.Name
		if f.Shorthand != "" && f.ShorthandDeprecated == "" {
			flag = "`-" + f.Shorthand + "`, " + flag
		}
		if name != "" {
			flag += " " + name
		}
		flag += "`"
		def := f.DefValue
		switch {
		case def == "" || def == "[]":
			def = ""
		case f.Value.Type() == "bool" && def == "false":
			def = ""
		default:
			def = "`" + def + "`"
		}
		rows = append(rows, fmt.Sprintf("| %s | %s | %s |", flag, def, cell(usage)))
	})
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(b, "\n%s:\n\n| flag | default | meaning |\n|---|---|---|\n%s\n", title, strings.Join(rows, "\n"))
}

// cell makes s safe in a Markdown table cell: one line, no column breaks,
// no HTML.
func cell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	r := strings.NewReplacer("|", `\|`, "<", "&lt;", ">", "&gt;", "*", `\*`)
	return r.Replace(s)
}

// dedent removes the indentation every non-blank line of s shares.
func dedent(s string) string {
	lines := strings.Split(s, "\n")
	common := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if common < 0 || n < common {
			common = n
		}
	}
	for i, l := range lines {
		if len(l) >= common && common > 0 {
			lines[i] = l[common:]
		}
	}
	return strings.Join(lines, "\n")
}

// slug is GitHub's anchor for a heading made of ASCII letters, digits,
// spaces and hyphens: lower case, spaces as hyphens.
func slug(heading string) string {
	return strings.ReplaceAll(strings.ToLower(heading), " ", "-")
}
