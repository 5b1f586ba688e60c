package suggest

import "testing"

// TestEditDistance: the restricted Damerau–Levenshtein distance counts a
// swap of neighbours as one edit, by runes.
func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"lamda", "lambda", 1}, {"frist", "first", 1},
		{"judge-frist", "judge-first", 1}, {"kitten", "sitting", 3}, {"ca", "abc", 3},
		{"λx", "xλ", 1}, {"bootstap", "bootstrap", 1}, {"abc", "abc", 0},
	} {
		if got := editDistance(c.a, c.b); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := editDistance(c.b, c.a); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.b, c.a, got, c.want)
		}
	}
	if got := Closest("k", []string{"j", "o", "q", "seed"}); len(got) != MaxSuggestions {
		t.Errorf("Closest(k) = %q: at most %d", got, MaxSuggestions)
	}
	if got := Closest("dpi", []string{"dpi", "k", "pilot"}); len(got) != 0 {
		t.Errorf("Closest(dpi) = %q: an exact name and far ones are no suggestion", got)
	}
}
