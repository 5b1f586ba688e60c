package vocab

import "testing"

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 items"}, {1, "1 item"}, {2, "2 items"}, {-1, "-1 items"}, {1000, "1000 items"}} {
		if got := Plural(c.n, "item"); got != c.want {
			t.Errorf("Plural(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
