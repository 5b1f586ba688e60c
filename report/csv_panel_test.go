package report

import (
	"strings"

	"github.com/plumb-eval/plumb/internal/textsafe"
)

// panelCSVValue finds, in the report JSON's panel p, the number a panel
// CSV row names (judge and method as the CSV writes them), and its
// interval (nil: none).
func panelCSVValue(p any, judge, method, metric, sec string) (v, ci any, ok bool) {
	stat := func(s any) (any, any, bool) {
		v, ok := jsonAt(s, "value")
		ci, _ := jsonAt(s, "ci95")
		return v, ci, ok
	}
	switch sec {
	case "panel":
		switch method {
		case "agreement":
			if metric == "fleiss_kappa" {
				s, _ := jsonAt(p, "fleiss_kappa")
				return stat(s)
			}
			s, _ := jsonAt(p, "krippendorff_alpha", strings.TrimPrefix(metric, "alpha_"))
			return stat(s)
		case "leave_one_out":
			lo, _ := jsonAt(p, "leave_one_out")
			for _, l := range lo.([]any) {
				name, _ := jsonAt(l, "judge")
				if j, level, found := strings.Cut(metric, ": alpha_"); found && textsafe.Line(name.(string)) == j {
					s, _ := jsonAt(l, level)
					return stat(s)
				}
			}
			return nil, nil, false
		}
		v, ok := jsonAt(p, "verdict", method, metric)
		return v, nil, ok
	case "panel_kappa":
		js, _ := jsonAt(p, "judges")
		a, b := -1, -1
		for i, j := range js.([]any) {
			switch textsafe.Line(j.(string)) {
			case judge:
				a = i
			case method:
				b = i
			}
		}
		if a < 0 || b < 0 {
			return nil, nil, false
		}
		m, _ := jsonAt(p, "cohen_kappa")
		return m.([]any)[a].([]any)[b], nil, true
	}
	ps, _ := jsonAt(p, "pairs")
	for _, q := range ps.([]any) {
		a, _ := jsonAt(q, "a")
		b, _ := jsonAt(q, "b")
		if textsafe.Line(a.(string)) == judge && textsafe.Line(b.(string)) == method {
			v, ok := jsonAt(q, metric)
			if metric == "accuracy_diff" {
				ci, _ := jsonAt(q, "ci95")
				return v, ci, ok
			}
			return v, nil, ok
		}
	}
	return nil, nil, false
}
