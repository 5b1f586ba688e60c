package report

// markDegenerate marks a collapsed method in the report JSON: degenerate,
// the reason, and one note for its (all null) metrics instead of one per
// metric.
func markDegenerate(m *Method, reason string) {
	m.Degenerate = true
	r := reason
	m.Reason = &r
	note := []string{"collapsed: " + reason + " — every metric is null"}
	m.Metrics.Notes = note
	if m.Heldout != nil {
		m.Heldout.Notes = note
	}
}
