package collect

import (
	"fmt"
	"strings"

	"github.com/plumb-eval/plumb/model"
)

// IDs are the two option IDs the judge answers with. IDs[0] plays the
// role of "A" in docs/methods.md §1: the log's P(A) is the judge's probability
// of IDs[0].
type IDs [2]string

// ParseIDs parses "--ids A,B": two different non-empty IDs without spaces.
func ParseIDs(s string) (IDs, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 {
		return IDs{}, fmt.Errorf("want two option IDs separated by a comma, got %q", s)
	}
	var ids IDs
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" || strings.ContainsAny(p, " \t\n") {
			return IDs{}, fmt.Errorf("option ID %q must be non-empty and without spaces", p)
		}
		ids[i] = p
	}
	if strings.EqualFold(ids[0], ids[1]) {
		return IDs{}, fmt.Errorf("the two option IDs must differ (ignoring case), got %q", s)
	}
	return ids, nil
}

// Arrange builds the template fields of item it shown in arrangement a,
// exactly as docs/methods.md §1 defines the arrangements (A = ids[0], B = ids[1]):
//
//	x0: first = response_1 as A, second = response_2 as B
//	x1: first = response_2 as B, second = response_1 as A
//	x2: first = response_2 as A, second = response_1 as B
//	x3: first = response_1 as B, second = response_2 as A
func Arrange(it *Item, a model.Arrangement, ids IDs) Prompt {
	p := Prompt{Question: it.Prompt, ID1: ids[0], ID2: ids[1], Arrangement: a.String()}
	switch a {
	case model.X0:
		p.First, p.FirstID, p.Second, p.SecondID = it.Response1, ids[0], it.Response2, ids[1]
	case model.X1:
		p.First, p.FirstID, p.Second, p.SecondID = it.Response2, ids[1], it.Response1, ids[0]
	case model.X2:
		p.First, p.FirstID, p.Second, p.SecondID = it.Response2, ids[0], it.Response1, ids[1]
	case model.X3:
		p.First, p.FirstID, p.Second, p.SecondID = it.Response1, ids[1], it.Response2, ids[0]
	}
	return p
}
