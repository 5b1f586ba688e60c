package simserver

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plumb-eval/plumb/internal/mathx"
)

// Conditions. A prompt may show in-context examples before the pair to
// judge (collect --shots): each example is the template's prompt followed
// by its answer, so the pair judged is the last place the template's
// opening text starts a prompt the template's layout matches; the
// examples before it are counted. The judge's answer depends only on that
// last pair — plus, for a request whose condition (template, option IDs,
// examples) a Bias names, that bias's known amounts:
//
//	logit P(A) += Pos·f + Tok      f = +1 when A is shown first, −1 when second
//
// so that a grid run (collect --template … --ids … --shots …) finds one
// condition more biased than another by exactly those amounts. A probe
// (collect --probes) is a pair like any other: a content-free one ("N/A"
// twice) has no quality gap, so its logit is the judge's β·f + τ +
// Noise·ε, plus its condition's bias: the content-free prior CC must
// recover.

// Bias is an extra position and token bias of every judge in the requests
// of a condition: those rendered by Template ("" any), with IDs as "A/B"
// (the token A first; "" any) and Shots examples (−1 any).
type Bias struct {
	Template string
	IDs      string
	Shots    int
	Pos, Tok float64
}

// String spells the bias as ParseBias reads it.
func (b Bias) String() string {
	var parts []string
	if b.Template != "" {
		parts = append(parts, "template="+b.Template)
	}
	if b.IDs != "" {
		parts = append(parts, "ids="+b.IDs)
	}
	if b.Shots >= 0 {
		parts = append(parts, "shots="+strconv.Itoa(b.Shots))
	}
	return strings.Join(append(parts, "pos="+strconv.FormatFloat(b.Pos, 'g', -1, 64), "tok="+strconv.FormatFloat(b.Tok, 'g', -1, 64)), ",")
}

// DefaultBiases returns plumb simulate --serve's condition biases: with
// the IDs Alice/Bob every judge prefers the token Alice by 0.8 more in
// logit, and with X/Y its position bias is 0.5 stronger. Templates, the
// IDs A/B and every number of examples carry none.
func DefaultBiases() []Bias {
	return []Bias{
		{IDs: "Alice/Bob", Shots: -1, Tok: 0.8},
		{IDs: "X/Y", Shots: -1, Pos: 0.5},
	}
}

// ParseBias reads a bias "template=NAME,ids=A/B,shots=N,pos=X,tok=Y"
// (every key optional; the condition keys left out match any).
func ParseBias(s string) (Bias, error) {
	b := Bias{Shots: -1}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return b, fmt.Errorf("%q: want KEY=VALUE (keys template, ids, shots, pos, tok)", kv)
		}
		var err error
		switch k {
		case "template":
			b.Template = v
		case "ids":
			b.IDs = v
		case "shots":
			b.Shots, err = strconv.Atoi(v)
			if err == nil && b.Shots < 0 {
				err = fmt.Errorf("want ≥ 0")
			}
		case "pos":
			b.Pos, err = strconv.ParseFloat(v, 64)
		case "tok":
			b.Tok, err = strconv.ParseFloat(v, 64)
		default:
			return b, fmt.Errorf("unknown key %q (keys template, ids, shots, pos, tok)", k)
		}
		if err != nil {
			return b, fmt.Errorf("%s=%s: %w", k, v, err)
		}
	}
	return b, nil
}

// SetBiases sets the condition biases (none by default; see DefaultBiases).
func (s *Server) SetBiases(b []Bias) { s.biases = append([]Bias(nil), b...) }

// query is the pair a prompt asks about, its examples cut off.
type query struct {
	texts    []string // the prompt from the pair's start (nil: not found; the whole prompt is read)
	shots    int      // examples before it
	template string   // the template whose layout matched ("" none)
}

// text returns the pair's prompt, or whole when it was not found.
func (q *query) text(whole string) string {
	if q.texts == nil {
		return whole
	}
	return q.texts[0]
}

// query finds the pair judged in texts: the shortest end of a text that a
// template layout matches from a start of its opening text (a layout of
// the system and user messages matches the whole prompt too, examples and
// all, taking them for the question). The starts before it are examples.
// All the matches tried share one budget, as one match has (layout.go):
// a prompt that repeats a template's opening text everywhere is given up
// on, not tried once per repetition.
func (s *Server) query(texts []string) query {
	best := query{}
	n := 0
	for _, t := range texts {
		n += len(t)
	}
	budget := matchBase + matchPerByte*n
	for _, lo := range s.layouts {
		if len(lo.segs) == 0 || lo.segs[0].field >= 0 {
			continue // a layout that opens with a field cannot be split
		}
		head := lo.segs[0].lit
		for _, t := range texts {
			t = strings.TrimSpace(t)
			var at []int
			for off := 0; ; {
				i := strings.Index(t[off:], head)
				if i < 0 {
					break
				}
				at = append(at, off+i)
				off += i + 1
			}
			for k := len(at) - 1; k >= 0; k-- {
				if best.texts != nil && len(t)-at[k] >= len(best.texts[0]) {
					break
				}
				if budget < 0 {
					return best
				}
				if _, ok := lo.matchWithin(t[at[k]:], &budget); ok {
					best = query{texts: []string{t[at[k]:]}, shots: k, template: lo.name}
					break
				}
			}
		}
	}
	return best
}

// condition applies the biases of q's condition to rp, and reads the
// marker from the whole prompt (the system message asks for "[[A]]").
func (s *Server) condition(rp reply, q *query, whole string) reply {
	rp.marker = strings.Contains(whole, "[["+rp.ids[0]+"]]")
	ids := rp.ids[0] + "/" + rp.ids[1]
	f := -1.0
	if rp.first {
		f = 1
	}
	var add float64
	for _, b := range s.biases {
		if (b.Template == "" || b.Template == q.template) && (b.IDs == "" || b.IDs == ids) && (b.Shots < 0 || b.Shots == q.shots) {
			add += b.Pos*f + b.Tok
		}
	}
	if add != 0 {
		rp.p = mathx.Sigmoid(mathx.Logit(rp.p) + add)
	}
	return rp
}

// Biases returns the condition biases set.
func (s *Server) Biases() []Bias { return append([]Bias(nil), s.biases...) }
