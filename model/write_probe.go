package model

import "fmt"

// validate checks a probe record before it is written.
func (pr *Probe) validate() *LineError {
	if err := checkNonEmpty("id", pr.ID); err != nil {
		return err
	}
	if err := checkNonEmpty("judge", pr.Judge); err != nil {
		return err
	}
	if pr.Probe != ProbeCC && pr.Probe != ProbeDC {
		return errValue("probe", []byte(fmt.Sprintf("%q", string(pr.Probe))), `is not a probe kind (expected "cc" or "dc")`)
	}
	if !pr.Has[X0] {
		return errMissing("p_a.x0", "x0, the default arrangement, is required")
	}
	for _, a := range Arrangements {
		if s := pr.S[a]; pr.Has[a] && !(s >= 0 && s <= 1) {
			return errValue(paNames[a], fmtNum(s), "is not a probability in [0, 1]")
		}
	}
	if err := validCondition(pr.Condition); err != nil {
		return err
	}
	if err := validTruth(pr.Truth); err != nil {
		return err
	}
	return validExtra(pr.Extra, probeFields)
}

// Validate checks that a probe record can be written and read back.
func (pr *Probe) Validate() error {
	if err := pr.validate(); err != nil {
		return err.at(pr.Pos)
	}
	return nil
}

// WriteProbe writes one probe record.
func (w *Writer) WriteProbe(pr *Probe) error {
	if err := pr.validate(); err != nil {
		return fmt.Errorf("model: cannot write probe %q of judge %q: %w", pr.ID, pr.Judge, err.at(pr.Pos))
	}
	b := appendHead(w.buf[:0], "probe", pr.ID, pr.Judge)
	b = appendOptString(b, "probe", string(pr.Probe))
	b = appendKey(b, "p_a")
	b = append(b, '{')
	first := true
	for _, a := range Arrangements {
		if !pr.Has[a] {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"', 'x', byte('0'+a), '"', ':')
		b = appendFloat(b, pr.S[a])
	}
	b = append(b, '}')
	b = w.appendCondition(b, pr.Condition)
	b = w.appendTruth(b, pr.Truth)
	b = w.appendExtra(b, pr.Extra)
	return w.line(b)
}
