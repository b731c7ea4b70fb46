package club

import (
	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/outcome"
)

// This file words what the tables said themselves (a decision's reason,
// an outcome alert's text, an alert note) in the reader's language: the
// console keeps the records, and package outcome words them from their
// rule codes and arguments (an old record without arguments keeps its
// English). The English view is the one the tables' records give, byte
// for byte.

// TablesIn is Tables worded for a reader of l: a decision's reason, an
// outcome alert's text and an alert note's text in l (an alert note's
// label and line, its own text as Detail). nil or English: Tables as
// it is.
func (c *Console) TablesIn(l *catalog.Lang) ([]TableView, uint64, <-chan struct{}) {
	ts, v, changed := c.Tables()
	if l == nil || l.Code() == catalog.Default {
		return ts, v, changed
	}
	w := outcome.In(l)
	for i := range ts {
		ts[i].wordIn(w)
	}
	return ts, v, changed
}

// wordIn words a copy's decision, latest event and alerts in w's language
// (the view's Alerts are its own, its Event shared with the console's).
func (t *TableView) wordIn(w outcome.Words) {
	if t.decided != nil {
		t.Decision = w.Reason(*t.decided)
	}
	if e := t.Event; e != nil && e.said != nil {
		worded := *e
		worded.Text = w.Reason(*e.said)
		t.Event, t.Last = &worded, worded.Text
	}
	if e := t.Event; e != nil && e.noteSaid != nil {
		t.Event = wordNote(w, e)
	}
	for i, a := range t.Alerts {
		if e := a.Event; e != nil && e.noteSaid != nil {
			t.Alerts[i].Event = wordNote(w, e)
		}
		switch {
		case a.said != nil:
			t.Alerts[i].Text = outcomeAlert(w, a.Kind, *a.said)
		case a.words != nil:
			t.Alerts[i].Text = a.words.In(w.Lang())
		case a.noted:
			l := w.Lang()
			t.Alerts[i].Text = l.Text("console.said.note", "label", alert.LabelIn(l, a.Kind), "line", alert.LineIn(l, a.Kind))
			t.Alerts[i].Detail = a.note
		}
	}
}

// wordNote is a copy of a refused void's happening with its note in w's
// language (the console's own is shared by every view).
func wordNote(w outcome.Words, e *Happening) *Happening {
	worded := *e
	worded.Note = w.TableNote(e.noteSaid, e.Note)
	return &worded
}

// outcomeAlert is the text of an alert of kind (late, override, flag,
// rejected) on outcome o in w's language: the decision's reason, what the
// referee must check, or the refused input.
func outcomeAlert(w outcome.Words, kind string, o outcome.Record) string {
	switch kind {
	case "flag":
		return w.Flag(o)
	case "rejected":
		return w.Lang().Text("console.said.rejected", "reason", w.Rejected(o))
	}
	return w.Reason(o)
}
