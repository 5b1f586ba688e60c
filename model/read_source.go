package model

import (
	"bytes"
	"fmt"
	"github.com/plumb-eval/plumb/internal/jsonscan"
	"io"
	"strconv"
)

// The producer side of the reader: it cuts a file into batches of whole
// JSON Lines lines, or of whole elements of a top-level JSON array.

// bom is the UTF-8 byte order mark, allowed at the start of a file.
var bom = []byte{0xEF, 0xBB, 0xBF}

// fill reads from src until buf is full or src ends.
func fill(src io.Reader, buf []byte) (_ []byte, eof bool, _ error) {
	for len(buf) < cap(buf) {
		n, err := src.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, true, nil
		}
		if err != nil {
			return buf, false, err
		}
	}
	return buf, false, nil
}

// grow returns buf with twice its capacity.
func grow(buf []byte) []byte {
	nb := make([]byte, len(buf), 2*cap(buf))
	copy(nb, buf)
	return nb
}

// produce cuts src into batches and sends them down the pipeline. It
// returns an error that stops the load (after the batches already sent).
func (p *pipe) produce(src io.Reader) *LineError {
	buf := p.buffer(batchSize)
	if p.from > 0 {
		buf, eof, err := fill(src, buf)
		return p.lines(src, buf, eof, err, p.from)
	}
	line := 1
	for start := true; ; start = false {
		var eof bool
		var err error
		buf, eof, err = fill(src, buf)
		if start && bytes.HasPrefix(buf, bom) {
			buf = buf[:copy(buf, buf[len(bom):])]
		}
		// The first non-space byte tells a JSON array from JSON Lines.
		if i := jsonscan.SkipSpace(buf, 0); i < len(buf) {
			if buf[i] == '[' {
				return p.array(src, buf, eof, err, i, line)
			}
			return p.lines(src, buf, eof, err, line)
		}
		if err != nil {
			return readErr(p.name, err)
		}
		if eof {
			return nil
		}
		line += bytes.Count(buf, []byte{'\n'})
		buf = buf[:0]
	}
}

// lines sends batches of whole lines; buf holds the start of the input.
// A read error (rerr, or a later one) ends the input after the last whole
// line read, so that errors on earlier lines are reported first.
func (p *pipe) lines(src io.Reader, buf []byte, eof bool, rerr error, line int) *LineError {
	for {
		if rerr != nil {
			if last := bytes.LastIndexByte(buf, '\n'); last >= 0 {
				p.emit(&batch{buf: buf, data: buf[:last+1], line: line})
			}
			return readErr(p.name, rerr)
		}
		if eof {
			if len(buf) > 0 {
				p.emit(&batch{buf: buf, data: buf, line: line})
			}
			return nil
		}
		if last := bytes.LastIndexByte(buf, '\n'); last >= 0 {
			data, rest := buf[:last+1], buf[last+1:]
			next := append(p.buffer(max(batchSize, 2*len(rest))), rest...)
			n := bytes.Count(data, []byte{'\n'})
			if !p.emit(&batch{buf: buf, data: data, line: line}) {
				return nil
			}
			line += n
			buf = next
		} else if len(buf) == cap(buf) {
			if len(buf) >= p.max {
				return p.tooLong(line)
			}
			buf = grow(buf) // a line longer than the buffer
		}
		buf, eof, rerr = fill(src, buf)
	}
}

// tooLong is the error for a record that starts on line and runs past
// p.max bytes.
func (p *pipe) tooLong(line int) *LineError {
	return &LineError{File: p.name, Line: line, Msg: fmt.Sprintf("a record over %d MiB (no end of line or element within it): plumb reads records up to %d MiB and stopped here", p.max>>20, p.max>>20)}
}

// States of arrayCut.
const (
	stOpen  = iota // after '[': an element or ']'
	stValue        // after ',': an element
	stElem         // inside an element
	stComma        // after an element: ',' or ']'
	stAfter        // after the closing ']': only space
)

// arrayCut finds the elements of a top-level JSON array in a stream. It
// tracks strings and nesting only; the record parser validates elements.
type arrayCut struct {
	state      int
	depth      int
	inStr, esc bool
	start      int // offset in the buffer of the current element
	eline      int // line and column of the current element
	ecol       int
	line       int // line of the scan position
	lineStart  int // offset in the buffer where that line starts (may be < 0)
	items      []item
}

// fatal is a structural error at offset i of the buffer.
func (c *arrayCut) fatal(name string, i int, msg string) *LineError {
	return &LineError{File: name, Line: c.line, Msg: "invalid JSON at column " + strconv.Itoa(i-c.lineStart+1) + ": " + msg}
}

// endElem ends the current element at offset end.
func (c *arrayCut) endElem(end int) {
	c.items = append(c.items, item{start: c.start, end: end, line: c.eline, col: c.ecol})
	c.state = stComma
}

// scan advances over buf[from:], collecting complete elements.
func (c *arrayCut) scan(name string, buf []byte, from int) *LineError {
	for i := from; i < len(buf); i++ {
		ch := buf[i]
		if ch == '\n' {
			c.line++
			c.lineStart = i + 1
		}
		if c.state == stElem {
			if c.inStr {
				switch {
				case c.esc:
					c.esc = false
				case ch == '\\':
					c.esc = true
				case ch == '"':
					c.inStr = false
					if c.depth == 0 {
						c.endElem(i + 1)
					}
				}
				continue
			}
			switch ch {
			case '"':
				c.inStr = true
				continue
			case '{', '[':
				c.depth++
				continue
			case '}', ']':
				if c.depth > 0 {
					c.depth--
					if c.depth == 0 {
						c.endElem(i + 1)
					}
					continue
				}
				c.endElem(i) // a closer right after a scalar element
			case ',', ' ', '\t', '\r', '\n':
				if c.depth > 0 {
					continue
				}
				c.endElem(i)
			default:
				continue
			}
		}
		if jsonscan.IsSpace(ch) {
			continue
		}
		switch c.state {
		case stOpen, stValue:
			switch {
			case ch == ']' && c.state == stOpen:
				c.state = stAfter
			case ch == ']' || ch == ',':
				return c.fatal(name, i, jsonscan.Unexpected(buf, i)+"; expected an array element")
			default:
				c.start, c.eline, c.ecol = i, c.line, i-c.lineStart+1
				c.state, c.depth, c.inStr, c.esc = stElem, 0, false, false
				switch ch {
				case '"':
					c.inStr = true
				case '{', '[':
					c.depth = 1
				}
			}
		case stComma:
			switch ch {
			case ',':
				c.state = stValue
			case ']':
				c.state = stAfter
			default:
				return c.fatal(name, i, jsonscan.Unexpected(buf, i)+"; expected ',' or ']' after an array element")
			}
		case stAfter:
			return c.fatal(name, i, jsonscan.Unexpected(buf, i)+" after the array's closing ']'")
		}
	}
	return nil
}

// array sends batches of whole array elements; buf holds the start of the
// input and buf[open] is the array's '['. A read error (rerr, or a later
// one) ends the input after the last whole element read.
func (p *pipe) array(src io.Reader, buf []byte, eof bool, rerr error, open, line int) *LineError {
	c := &arrayCut{
		state:     stOpen,
		line:      line + bytes.Count(buf[:open], []byte{'\n'}),
		lineStart: bytes.LastIndexByte(buf[:open], '\n') + 1,
	}
	from := open + 1
	for {
		if err := c.scan(p.name, buf, from); err != nil {
			p.emit(&batch{buf: buf, data: buf, items: c.items, array: true, fatal: err})
			return nil
		}
		if rerr != nil {
			if len(c.items) > 0 {
				p.emit(&batch{buf: buf, data: buf, items: c.items, array: true})
			}
			return readErr(p.name, rerr)
		}
		if eof {
			var err *LineError
			switch c.state {
			case stElem: // let the parser say what is wrong with the element
				c.endElem(len(buf))
				err = c.fatal(p.name, len(buf), "unexpected end of file inside an array element")
			case stAfter:
			default:
				err = c.fatal(p.name, len(buf), "unexpected end of file; expected ']' to close the array")
			}
			p.emit(&batch{buf: buf, data: buf, items: c.items, array: true, fatal: err})
			return nil
		}
		// Keep the unfinished element for the next buffer.
		keep := len(buf)
		if c.state == stElem {
			keep = c.start
		}
		switch {
		case len(c.items) > 0:
			rest := buf[keep:]
			next := append(p.buffer(max(batchSize, 2*len(rest))), rest...)
			if !p.emit(&batch{buf: buf, data: buf, items: c.items, array: true}) {
				return nil
			}
			c.items = nil
			buf = next
		case keep > 0:
			buf = buf[:copy(buf, buf[keep:])]
		default:
			if len(buf) >= p.max {
				return p.tooLong(c.eline)
			}
			buf = grow(buf) // an element longer than the buffer
		}
		c.lineStart -= keep
		c.start -= keep
		from = len(buf)
		buf, eof, rerr = fill(src, buf)
	}
}
