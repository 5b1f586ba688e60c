// Package hostile is the corpus of hostile names the tests of every
// surface that writes a log's names share: judge, group, criterion and
// file names that try a terminal, a shell, a clipboard paste, XML or a
// flag parser, and MarkNames and MarkAll, which put one into every string
// of a log. Only tests import it.
package hostile

// PasteAttack is a judge name that, written raw into a command a user
// pastes into bash 5.2, ends the bracketed paste (ESC [201~), erases the
// line (^U), runs touch on canary and presses return: the attack of issue
// 32, item 1.
func PasteAttack(canary string) string {
	return "j\x1b[201~\x15touch " + canary + "\r"
}

// Names returns the corpus, a fresh slice each call: shell
// metacharacters, quotes, flag look-alikes, C0 controls (newline, tab,
// CR), DEL, C1 controls, terminal sequences (OSC 52, OSC 8, CSI),
// bidi controls, line separators, bytes that are not UTF-8, and wide and
// combining characters. None holds a NUL byte: NULs returns those.
func Names() []string {
	return []string{
		"plain",
		"gpt-4o, temp=0",
		`say "hi"`,
		"it's",
		"$(touch x)",
		"`id`",
		"a;b|c&d>e<f",
		"*?[a]",
		"~root",
		"-n",
		"--judge=x",
		"",
		" lead",
		"trail ",
		"tab\there",
		"new\nline",
		"cr\rreturn",
		"del\x7f",
		"c1 csi \u009b31m",
		"osc \u009d0;t\u009c",
		"\x1b]52;c;aGk=\x07",
		"\x1b]8;;http://evil.example/\x1b\\link\x1b]8;;\x1b\\",
		"\x1bc reset",
		"bracket end \x1b[201~",
		"bidi \u202egnp.exe",
		"isolate \u2066x\u2069",
		"marks \u200e\u200f\u061c",
		"separators \u2028\u2029",
		"bad \xff utf8",
		"lone \xc3",
		"日本語の審査員",
		"emoji 🙂 e\u0301",
		`back\slash\`,
		"$'x'",
		"!event",
		"{a,b}",
		"#hash",
		"x=y",
		"100%",
		"\x01\x02\x03\x0c\x0b",
		PasteAttack("/tmp/plumb-hostile-canary"),
	}
}

// NULs returns names that hold a NUL byte, which no command-line argument
// can carry.
func NULs() []string {
	return []string{"nul\x00after", "\x00", "j\x00" + PasteAttack("/tmp/plumb-hostile-canary")}
}
