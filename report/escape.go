package report

import (
	"strings"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// Every user-derived string the Markdown report prints (judge, group,
// criterion, item id, file name, input message, and plumb's own sentences
// that quote them) goes through md or mdMsg, which do both jobs in one
// place: the Markdown escape (so the string cannot add a heading, a table
// cell, a link or HTML) and textsafe.Line (so no control character, escape
// sequence or bidirectional override reaches a terminal that shows the
// report; each is written as a visible escape such as \x1b or \u202e).
// The Markdown escape runs first, so a newline is written as \n as before;
// textsafe's escapes then start with a backslash followed by x or u, which
// Markdown shows as written.

// mdEscaper escapes the characters that change the meaning of Markdown
// text: a newline would end a heading or table row (it is written as the
// two characters \n), | splits a table cell, and \ ` * _ [ ] < > # ~ ! start
// code, emphasis, links, HTML, headings or strikethrough.
var mdEscaper = strings.NewReplacer(
	"\r\n", `\n`, "\n", `\n`, "\r", `\n`,
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "|", `\|`, "#", `\#`, "~", `\~`, "!", `\!`,
)

// md escapes a user string (judge name, criterion, group, id, file name,
// input message) for Markdown text or a table cell, and makes it safe for
// a terminal (textsafe.Line). Every user string the Markdown report prints
// goes through it.
func md(s string) string { return textsafe.Line(mdEscaper.Replace(s)) }

// mdMsgEscaper is md's lighter form for plumb's own sentences (reasons,
// notes) that quote user strings: only what could break the line or start
// code or HTML is escaped, so "p_a.x1 … in [0, 1]" reads as written.
var mdMsgEscaper = strings.NewReplacer(
	"\r\n", `\n`, "\n", `\n`, "\r", `\n`, "`", "\\`", "<", `\<`, "|", `\|`,
)

// mdMsg escapes a message for one line of Markdown text and makes it safe
// for a terminal (textsafe.Line).
func mdMsg(s string) string { return textsafe.Line(mdMsgEscaper.Replace(s)) }

// mdClause is mdMsg of a message without its final full stop, for a
// sentence that puts its own.
func mdClause(s string) string { return mdMsg(strings.TrimSuffix(s, ".")) }
