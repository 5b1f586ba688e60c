package vocab

import "strconv"

// Plural counts n of word: "1 item", "0 items", "3 items" (an s added
// when n is not 1).
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
