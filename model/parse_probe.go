package model

// probe decodes a probe record's fields: id, judge, probe ("cc" or "dc"),
// p_a (x0 required) and the optional condition object, kept verbatim.
func (p *recParser) probe(out *Probe) *LineError {
	var err *LineError
	if out.ID, err = p.reqString(fID, internLast); err != nil {
		return err
	}
	if out.Judge, err = p.reqString(fJudge, internName); err != nil {
		return err
	}
	raw := p.vals[fProbe]
	if absent(raw) {
		return errMissing("probe", `expected "cc" or "dc"`)
	}
	if raw[0] != '"' {
		return errType("probe", raw, `"cc" or "dc"`)
	}
	switch k := ProbeKind(strBody(raw)); k {
	case ProbeCC, ProbeDC:
		out.Probe = k
	default:
		return errValue("probe", raw, `is not a probe kind (expected "cc" or "dc")`)
	}
	if absent(p.vals[fPA]) {
		return errMissing("p_a", "a probe record gives its P(A) per arrangement")
	}
	err = p.arrangements(fPA, func(a Arrangement, v []byte) *LineError {
		s, err := prob(paNames[a], v)
		if err != nil {
			return err
		}
		out.Has[a], out.S[a] = true, s
		return nil
	})
	if err != nil {
		return err
	}
	if !out.Has[X0] {
		return errMissing("p_a.x0", "x0, the default arrangement, is required")
	}
	if out.Condition, err = p.condition(); err != nil {
		return err
	}
	out.Truth, err = p.truth()
	return err
}

// addProbe keeps a probe record, or returns the error for a repeat of an
// earlier one (the same judge, id, probe kind and condition).
func (ld *loader) addProbe(pr *Probe) *LineError {
	k := dupKey{kind: KindProbe, judge: pr.Judge, id: pr.ID, criterion: string(pr.Probe), cond: ld.conds.key(pr.Condition)}
	if fpos, ok := ld.probes[k]; ok {
		return dupErr(k, fpos, pr.Pos)
	}
	if ld.probes == nil {
		ld.probes = make(map[dupKey]Pos)
	}
	ld.probes[k] = pr.Pos
	ld.log.Probes = append(ld.log.Probes, *pr)
	ld.log.Files[len(ld.log.Files)-1].Probes++
	return nil
}
