package report

// DocSettings choose what the report JSON holds beyond the numbers.
type DocSettings struct {
	// Points adds every LS–US point (likelihood.points and each
	// criterion's points: one object per score item, most of the bytes
	// of a large log's report; `plumb report --points`). The top-RS items
	// are always there.
	Points bool
}

// BuildDoc converts an Analysis into the report JSON structure with the
// default settings: no LS–US points (BuildDocWith adds them).
func BuildDoc(an *Analysis, version string) *Doc {
	return BuildDocWith(an, version, DocSettings{})
}
