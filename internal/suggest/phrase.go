package suggest

import (
	"strconv"
	"strings"
)

// DidYouMean is `; did you mean "x"?` (`"x" or "y"` for several) for the
// names nearest word (Closest), each quoted as %q quotes it; "" when
// none is near. The CLI's and the terminal UI's errors end with it.
func DidYouMean(word string, names []string) string {
	sug := Closest(word, names)
	if len(sug) == 0 {
		return ""
	}
	for i, s := range sug {
		sug[i] = strconv.Quote(s)
	}
	return "; did you mean " + strings.Join(sug, " or ") + "?"
}

// DidYouMeanFlag is "; did you mean --x?" for the flag names (without
// their dashes) nearest name; "" when none is near.
func DidYouMeanFlag(name string, names []string) string {
	sug := Closest(name, names)
	if len(sug) == 0 {
		return ""
	}
	for i, s := range sug {
		sug[i] = "--" + s
	}
	return "; did you mean " + strings.Join(sug, " or ") + "?"
}
