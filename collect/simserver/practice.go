package simserver

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/plumb-eval/plumb/internal/mathx"
)

// Practice on any items: a pair the server did not simulate is judged by
// the same judges with qualities drawn from the responses' texts (see the
// package doc). The server finds the responses with the layouts of the
// templates it was given (AddTemplate).

// params are a simulated judge's pair parameters (sim.Judge).
type params struct {
	skill, inoise, pos, tok, noise float64
}

// AddTemplate teaches the server a pair template: render renders it with
// the given fields (collect.Template.Render of a collect.Prompt holding
// them) and returns the system and user messages. The server renders it
// once with markers in place of the fields to learn where a prompt holds
// the responses and their IDs; a prompt of that template is then judged
// whatever its items. The template must show First, Second, FirstID and
// SecondID verbatim, with some text between any two fields.
func (s *Server) AddTemplate(name string, render func(Fields) (system, user string, err error)) error {
	system, user, err := render(probe())
	if err != nil {
		return fmt.Errorf("template %s: %w", name, err)
	}
	lo, err := parseLayout(name, user)
	if err != nil {
		return err
	}
	if strings.TrimSpace(system) != "" {
		// A completions prompt, or chat messages joined, as collect sends them.
		full, err := parseLayout(name, system+"\n\n"+user)
		if err != nil {
			return err
		}
		s.layouts = append(s.layouts, full)
	}
	s.layouts = append(s.layouts, lo)
	s.templates = append(s.templates, name)
	return nil
}

// Templates lists the templates added, in order.
func (s *Server) Templates() []string { return append([]string(nil), s.templates...) }

// errNoItem says that a prompt holds none of the simulated items.
var errNoItem = errors.New("no simulated item's prompt in the request")

// readPair finds a pair in the first of texts that a template layout
// matches.
func (s *Server) readPair(texts []string) ([numFields]string, bool) {
	for _, lo := range s.layouts {
		for _, t := range texts {
			if v, ok := lo.match(t); ok {
				return v, true
			}
		}
	}
	return [numFields]string{}, false
}

// notPair is the message for a prompt that is neither a simulated item
// nor a pair of a known template.
func (s *Server) notPair() string {
	if len(s.templates) == 0 {
		return errNoItem.Error() + " (this server judges only its own simulated items)"
	}
	return errNoItem.Error() + ", and the two responses cannot be found in it: it is not a pair prompt rendered by " +
		strings.Join(s.templates, " or ") + ", the templates this server reads"
}

// judgeAny returns judge j's reply to the pair v read from a prompt: the
// token A is ID1 when the template shows it (or the shown ID that is not
// ID2), else the ID that sorts first (as for the simulated items).
func (s *Server) judgeAny(j *judge, v *[numFields]string, text string) reply {
	var fav string
	switch {
	case v[fID1] != "":
		fav = v[fID1]
	case v[fID2] == v[fFirstID]:
		fav = v[fSecondID]
	case v[fID2] == v[fSecondID]:
		fav = v[fFirstID]
	default:
		fav = min(v[fFirstID], v[fSecondID])
	}
	favFirst := v[fFirstID] == fav
	a, b, other := v[fFirst], v[fSecond], v[fSecondID]
	if !favFirst {
		a, b, other = v[fSecond], v[fFirst], v[fFirstID]
	}
	return reply{
		ids:    [2]string{fav, other},
		p:      mathx.Sigmoid(s.practiceLogit(j, a, b, favFirst)),
		marker: strings.Contains(text, "[["+fav+"]]"),
		first:  favFirst,
	}
}

// practiceLogit is the logit of judge j's P(A) when A labels the response
// a, B labels b, and A is shown first or not: the simulator's
// u + β·f + τ + noise·ε with u = skill·δ + inoise·e, where δ is the
// quality gap of a over b (each response's quality a normal draw seeded by
// its text), e the judge's error on the pair (antisymmetric: swapping a
// and b negates u) and ε the arrangement's noise.
func (s *Server) practiceLogit(j *judge, a, b string, aFirst bool) float64 {
	delta := s.spread * (s.normal("quality", a) - s.normal("quality", b)) / math.Sqrt2
	var e float64
	switch {
	case a < b:
		e = s.normal("judge/"+j.name+"/pair", a, b)
	case a > b:
		e = -s.normal("judge/"+j.name+"/pair", b, a)
	}
	u := j.par.skill*delta + j.par.inoise*e
	f, order := 1.0, "A first"
	if !aFirst {
		f, order = -1, "B first"
	}
	eps := s.normal("judge/"+j.name+"/arrangement", a, b, order)
	return u + j.par.pos*f + j.par.tok + j.par.noise*eps
}

// normal is a standard normal draw determined by the seed and the parts:
// the same texts always get the same draw.
func (s *Server) normal(parts ...string) float64 {
	h := sha256.New()
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], s.seed)
	h.Write(n[:])
	for _, p := range parts {
		binary.LittleEndian.PutUint64(n[:], uint64(len(p)))
		h.Write(n[:])
		io.WriteString(h, p)
	}
	sum := h.Sum(nil)
	r := rand.New(rand.NewPCG(binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:16])))
	return r.NormFloat64()
}
