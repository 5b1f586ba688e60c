package panel_test

import (
	"fmt"

	"github.com/plumb-eval/plumb/calib/panel"
)

// Krippendorff (2011)'s reliability data: four observers, twelve units,
// some values missing.
func ExampleAlpha() {
	obs := [][]float64{
		{1, 2, 3, 3, 2, 1, 4, 1, 2, 0, 0, 0},
		{1, 2, 3, 3, 2, 2, 4, 1, 2, 5, 0, 3},
		{0, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 0},
		{1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, 0},
	}
	var t panel.Table
	for u := range obs[0] {
		v, has := make([]float64, 4), make([]bool, 4)
		for c := range obs {
			v[c], has[c] = obs[c][u], obs[c][u] != 0
		}
		t.V, t.Has = append(t.V, v), append(t.Has, has)
	}
	fmt.Printf("nominal %.3f, interval %.3f\n", panel.Alpha(t, panel.Nominal).Value, panel.Alpha(t, panel.Interval).Value)
	// Output: nominal 0.743, interval 0.849
}
