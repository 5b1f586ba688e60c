package metrics_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/plumb-eval/plumb/calib"
	"github.com/plumb-eval/plumb/calib/metrics"
	"github.com/plumb-eval/plumb/model"
)

// TestCollapseEveryStat: a collapsed method's metrics say nothing about
// the judge, so Collapse leaves no statistic of Metrics defined — found by
// reflection over every calib.Stat field and array of them, so a metric
// added later cannot be missed (accuracy with ties as a class was: the
// demo's collapsed judge-first CalibraEval printed 0.0752) — and keeps
// each count.
func TestCollapseEveryStat(t *testing.T) {
	m := metrics.Compute(calib.Prefs{
		R:    [][4]float64{{0.9, 0.2}, {0.8, 0.3}, {0.3, 0.6}},
		Has:  [][4]bool{{true, true}, {true, true}, {true, true}},
		Gold: []model.Gold{model.GoldTie, model.Gold1, model.Gold2},
	})
	if !m.AccuracyTies.OK() {
		t.Fatalf("accuracy with ties undefined before the collapse: %+v", m.AccuracyTies)
	}
	before := m
	m.Collapse("g* ≡ 0.5")
	stat := reflect.TypeOf(calib.Stat{})
	v, was := reflect.ValueOf(m), reflect.ValueOf(before)
	checked := 0
	for i := range v.NumField() {
		f := v.Type().Field(i)
		var stats, olds []reflect.Value
		switch {
		case f.Type == stat:
			stats, olds = append(stats, v.Field(i)), append(olds, was.Field(i))
		case f.Type.Kind() == reflect.Array && f.Type.Elem() == stat:
			for j := range f.Type.Len() {
				stats, olds = append(stats, v.Field(i).Index(j)), append(olds, was.Field(i).Index(j))
			}
		}
		for j, sv := range stats {
			s, old := sv.Interface().(calib.Stat), olds[j].Interface().(calib.Stat)
			checked++
			if s.OK() || !strings.HasPrefix(s.Reason, "collapsed: ") || s.N != old.N {
				t.Errorf("%s: %+v after Collapse (before %+v)", f.Name, s, old)
			}
		}
	}
	if checked < 12 {
		t.Errorf("only %d statistics checked", checked)
	}
}
