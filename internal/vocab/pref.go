package vocab

// PrefWords name one preference of the style analysis (calib/style's
// Pref): Short in the TUI's text and legends, Long in the Markdown report.
type PrefWords struct {
	Short, Long string
}

// StylePref returns the words for the style preference named name (its
// flag name, calib/style's Pref.String(): "balanced", "raw-x0" or
// "calibrated"); an unknown name gets the default's, position-balanced.
func StylePref(name string) PrefWords {
	switch name {
	case "raw-x0":
		return PrefWords{"raw (x0)", "raw (each item's first recorded arrangement, x0)"}
	case "calibrated":
		return PrefWords{"calibrated (CalibraEval)", "calibrated (CalibraEval's map, averaged over each item's arrangements)"}
	}
	return PrefWords{"position-balanced", "position-balanced (the mean over each item's arrangements)"}
}
