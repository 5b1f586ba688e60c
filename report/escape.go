package report

import "strings"

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
// input message) for Markdown text or a table cell. Every user string the
// Markdown report prints goes through it.
func md(s string) string { return mdEscaper.Replace(s) }
