package sim

import (
	"math/rand/v2"
	"strings"
	"unicode/utf8"
)

// topic is a subject for synthetic prompts, with the group it belongs to.
type topic struct {
	group, phrase string
}

var topics = []topic{
	{"science", "ice floats on water"},
	{"science", "the sky looks blue"},
	{"science", "metal feels colder than wood"},
	{"science", "bread dough rises"},
	{"science", "the moon shows phases"},
	{"science", "salt melts ice on roads"},
	{"science", "leaves change colour in autumn"},
	{"science", "a rainbow forms after rain"},
	{"history", "the printing press spread so fast"},
	{"history", "canals mattered to early trade"},
	{"history", "old cities grew near rivers"},
	{"history", "the telegraph changed newspapers"},
	{"history", "railways standardised time zones"},
	{"coding", "a hash map gives fast lookups"},
	{"coding", "unit tests catch regressions"},
	{"coding", "binary search needs sorted input"},
	{"coding", "a deadlock can freeze a program"},
	{"coding", "floating-point sums depend on order"},
	{"coding", "caching speeds up repeated queries"},
	{"everyday", "a budget helps with saving"},
	{"everyday", "sleep affects concentration"},
	{"everyday", "stretching helps before running"},
	{"everyday", "a to-do list reduces stress"},
	{"everyday", "cast iron pans need seasoning"},
}

var askTemplates = []string{
	"Explain why %s.",
	"Briefly explain why %s.",
	"Tell a curious student why %s.",
	"Give a short explanation of why %s.",
	"In plain words, why is it that %s?",
}

var noteTemplates = []string{
	"Write a short note on why %s.",
	"Summarise for a newsletter why %s.",
	"Draft two sentences on why %s.",
}

var reasons = []string{
	"density differences", "how light scatters", "the way heat moves", "trapped gas bubbles",
	"the angle of sunlight", "cheaper transport", "shared standards", "constant-time indexing",
	"early feedback", "halving the search range", "locks taken in different orders", "rounding at each step",
	"reusing earlier results", "tracking every expense", "memory consolidation", "warmer muscles",
	"fewer open loops", "a layer of polymerised oil", "chemistry in the pigments", "gravity and orbit geometry",
}

var sentenceTemplates = []string{
	"The main reason is %s.",
	"It mostly comes down to %s.",
	"Think of %s and the rest follows.",
	"A simple example makes %s clear.",
	"Experts usually point to %s.",
	"In short, %s explains it.",
	"Some people forget about %s, but it matters.",
	"%s is the key idea here.",
}

var closers = []string{
	"Hope this helps.",
	"That is the whole story.",
	"There are exceptions, but this is the usual case.",
	"Try it yourself to see.",
}

// textGen draws deterministic, varied short texts from its own stream.
type textGen struct {
	r *rand.Rand
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// prompt returns a question on a random topic and the topic's group.
func (g *textGen) prompt(label string, templates []string) (string, string) {
	t := pick(g.r, topics)
	return string(appendFilled([]byte(label+": "), pick(g.r, templates), t.phrase)), t.group
}

// answer returns a response of 1 to maxSentences sentences.
func (g *textGen) answer(maxSentences int) string {
	n := min(1+g.r.IntN(maxSentences), len(reasons)) // len(reasons) ≤ 64 for the bit set
	b := make([]byte, 0, 64*n+64)                    // the longest sentence and closer are under 64 bytes
	var used uint64                                  // reasons used so far, so that no sentence repeats
	for i := range n {
		if i > 0 {
			b = append(b, ' ')
		}
		k := g.r.IntN(len(reasons))
		for used&(1<<k) != 0 {
			k = (k + 1) % len(reasons)
		}
		used |= 1 << k
		b = appendSentence(b, pick(g.r, sentenceTemplates), reasons[k])
	}
	if g.r.IntN(4) == 0 {
		b = append(b, ' ')
		b = append(b, pick(g.r, closers)...)
	}
	return string(b)
}

// appendFilled appends format with its first %s replaced by arg (format
// alone when it has none).
func appendFilled(b []byte, format, arg string) []byte {
	if pre, post, ok := strings.Cut(format, "%s"); ok {
		return append(append(append(b, pre...), arg...), post...)
	}
	return append(b, format...)
}

// appendSentence appends appendFilled's sentence with its first letter
// upper-cased (strings.ToUpper of the first byte), without the
// intermediate strings of Replace and ToUpper.
func appendSentence(b []byte, format, arg string) []byte {
	start := len(b)
	b = appendFilled(b, format, arg)
	if len(b) == start {
		return b
	}
	switch c := b[start]; {
	case 'a' <= c && c <= 'z':
		b[start] = c - 'a' + 'A'
	case c >= utf8.RuneSelf: // not in the word lists; ToUpper as before
		s := string(b[start:])
		b = append(b[:start], strings.ToUpper(s[:1])+s[1:]...)
	}
	return b
}
