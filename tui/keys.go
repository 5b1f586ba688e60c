package tui

import "charm.land/bubbles/v2/key"

// keyMap declares every key of the app once; the help bar and the full
// help (?) are built from it, so a key cannot work without being listed.
type keyMap struct {
	Quit, Help, Back              key.Binding
	NextPane, PrevPane, Pane      key.Binding
	NextJudge, PrevJudge          key.Binding
	NextGroup, PrevGroup          key.Binding
	KnobUp, KnobDown              key.Binding
	Dec, Inc, BigDec, BigInc      key.Binding
	Reset, ResetAll               key.Binding
	ScrollUp, ScrollDown          key.Binding
	Export, FewShot               key.Binding
	Repro, ColLeft, ColRight      key.Binding
	Copy, Command                 key.Binding
	RowUp, RowDown, Top, Bottom   key.Binding
	Sort, Filter, Open, ItemsView key.Binding
	SortReverse, Pager, Editor    key.Binding
	Glossary                      key.Binding
}

func newKeyMap() keyMap {
	b := key.NewBinding
	k, h := key.WithKeys, key.WithHelp
	return keyMap{
		Quit:      b(k("q", "ctrl+c"), h("q", "quit")),
		Help:      b(k("?"), h("?", "all keys")),
		Back:      b(k("esc"), h("esc", "back")),
		NextPane:  b(k("tab"), h("tab", "next pane")),
		PrevPane:  b(k("shift+tab"), h("shift+tab", "previous pane")),
		Pane:      b(k("1", "2", "3", "4", "5", "6", "7"), h("1–7", "go to pane")),
		NextJudge: b(k("]"), h("]", "next judge")),
		PrevJudge: b(k("["), h("[", "previous judge")),
		NextGroup: b(k("g"), h("g", "next group")),
		PrevGroup: b(k("G"), h("G", "previous group")),
		KnobUp:    b(k("up", "k"), h("↑/k", "previous knob")),
		KnobDown:  b(k("down", "j"), h("↓/j", "next knob")),
		Dec:       b(k("left", "h", "-"), h("←/h", "knob down")),
		Inc:       b(k("right", "l", "+", "="), h("→/l", "knob up")),
		BigDec:    b(k("shift+left", "H"), h("H", "knob down ×5")),
		BigInc:    b(k("shift+right", "L"), h("L", "knob up ×5")),
		Reset:     b(k("r"), h("r", "reset knob")),
		ResetAll:  b(k("R"), h("R", "reset all knobs")),
		ScrollUp:  b(k("pgup", "ctrl+u"), h("pgup", "scroll up")),
		ScrollDown: b(k("pgdown", "ctrl+d", "space"),
			h("pgdn", "scroll down")),
		Export:      b(k("e"), h("e", "export report + calibrated log")),
		FewShot:     b(k("w"), h("w", "write few-shot set")),
		Repro:       b(k("c"), h("c", "reproduce")),
		Copy:        b(k("y"), h("y", "copy the command")),
		Command:     b(k(":"), h(":", "command line")),
		ColLeft:     b(k("<"), h("<", "table columns left")),
		ColRight:    b(k(">"), h(">", "table columns right")),
		RowUp:       b(k("up", "k"), h("↑/k", "up")),
		RowDown:     b(k("down", "j"), h("↓/j", "down")),
		Top:         b(k("home"), h("home", "to the top")),
		Bottom:      b(k("end"), h("end", "to the end")),
		Sort:        b(k("s"), h("s", "sort")),
		SortReverse: b(k("S"), h("S", "reverse sort")),
		Pager:       b(k("o"), h("o", "pager")),
		Editor:      b(k("E"), h("E", "last export in $EDITOR")),
		Glossary:    b(k("i"), h("i", "glossary")),
		Filter:      b(k("/"), h("/", "filter")),
		Open:        b(k("enter"), h("enter", "open item")),
		ItemsView:   b(k("v"), h("v", "pairs/scores")),
	}
}
