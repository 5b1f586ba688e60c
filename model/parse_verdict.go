package model

// verdict decodes a verdict record's fields.
func (p *recParser) verdict(out *Verdict) *LineError {
	var err *LineError
	if out.ID, err = p.reqString(fID, internLast); err != nil {
		return err
	}
	if out.Judge, err = p.reqString(fJudge, internName); err != nil {
		return err
	}
	raw := p.vals[fVerdict]
	if raw == nil {
		return errMissing("verdict", "expected true or false")
	}
	if out.Verdict, err = boolean("verdict", raw); err != nil {
		return err
	}
	if raw := p.vals[fHuman]; !absent(raw) {
		if raw[0] != 't' && raw[0] != 'f' {
			return errType("human", raw, "true, false or null")
		}
		out.Human = p.vals1.bool(raw[0] == 't')
	}
	out.Truth, err = p.truth()
	return err
}
