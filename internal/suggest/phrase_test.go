package suggest

import "testing"

// TestDidYouMean: the phrase the CLI's and the terminal UI's errors end
// with, quoted names or dashed flags, "" when nothing is near.
func TestDidYouMean(t *testing.T) {
	names := []string{"judge-first", "judge-fair", "a\"b"}
	for _, c := range []struct{ got, want string }{
		{DidYouMean("judge-frist", names), `; did you mean "judge-first"?`},
		{DidYouMean("judge-fxir", []string{"judge-fair", "judge-fxir2", "judge-fbir"}), `; did you mean "judge-fair" or "judge-fbir" or "judge-fxir2"?`},
		{DidYouMean("a'b", names), `; did you mean "a\"b"?`},
		{DidYouMean("zzzzzz", names), ""},
		{DidYouMeanFlag("lamda", []string{"lambda", "seed"}), "; did you mean --lambda?"},
		{DidYouMeanFlag("zzzzzz", []string{"lambda"}), ""},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
