package collect

import (
	"testing"

	"github.com/plumb-eval/plumb/model"
)

// TestShownEmpty: the texts of an item that are the empty string are
// marked, so its record keeps them as "" (values of length 0), and only
// those. (The practice server answers only its own items' texts, so a
// run with an emptied response cannot be made against it.)
func TestShownEmpty(t *testing.T) {
	for _, c := range []struct {
		it   Item
		want model.EmptyTexts
	}{
		{Item{Prompt: "p", Response1: "a", Response2: "b"}, 0},
		{Item{Prompt: "p", Response1: "a", Response2: ""}, model.EmptyResponse2},
		{Item{Prompt: "", Response1: "", Response2: "b"}, model.EmptyPrompt | model.EmptyResponse1},
		{Item{Prompt: " ", Response1: "a", Response2: "b"}, 0},
	} {
		if got := shownEmpty(&c.it); got != c.want {
			t.Errorf("%+v: marks %b, want %b", c.it, got, c.want)
		}
	}
}
