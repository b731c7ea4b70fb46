package claimlog

import (
	"bytes"
	"encoding/json"
	"maps"
)

// Marks are what later records say of earlier ones: a void takes an input
// out (the input is voided by the void), and a void or a revision
// withdraws published outcomes. Every view of the log shows them, so a
// voided press or a withdrawn decision never looks live. The zero Marks is
// empty and ready; See takes records in any order.
type Marks struct {
	voidedBy, withdrawnBy map[uint64]uint64
}

// See takes what r says of earlier records, if anything: a void the table
// carried out (a refused void, which has a note, says nothing) and the
// outcomes a void or a revision note retracted.
func (m *Marks) See(r Record) {
	if r.Kind != KindVoid && r.Kind != KindNote || !bytes.Contains(r.Body, []byte(`"void"`)) && !bytes.Contains(r.Body, []byte(`"retracted"`)) {
		return
	}
	// A void's body reads a revision's too: what either says of earlier
	// records is in the fields they share (retracted, note).
	var b VoidBody
	if json.Unmarshal(r.Body, &b) == nil {
		m.seeBody(r.Kind, r.Seq, b)
	}
}

// seeBody marks what the body of record seq, of kind, says: a void's
// input (unless refused: it has a note), and the outcomes a void or a
// revision retracted.
func (m *Marks) seeBody(kind string, seq uint64, b VoidBody) {
	switch kind {
	case KindVoid:
		if b.Note == "" {
			m.see(seq, b.Void, b.Retracted)
		}
	case KindNote:
		m.see(seq, 0, b.Retracted)
	}
}

// see marks input voided (0: none) and the outcomes withdrawn by record
// seq. The first mark stands: an outcome a void withdrew is not withdrawn
// again by a later revision.
func (m *Marks) see(seq, voided uint64, withdrawn []uint64) {
	if voided != 0 {
		if m.voidedBy == nil {
			m.voidedBy = map[uint64]uint64{}
		}
		if _, ok := m.voidedBy[voided]; !ok {
			m.voidedBy[voided] = seq
		}
	}
	for _, o := range withdrawn {
		if m.withdrawnBy == nil {
			m.withdrawnBy = map[uint64]uint64{}
		}
		if _, ok := m.withdrawnBy[o]; !ok {
			m.withdrawnBy[o] = seq
		}
	}
}

// Clone is a copy of m that See on m does not change.
func (m Marks) Clone() Marks {
	return Marks{voidedBy: maps.Clone(m.voidedBy), withdrawnBy: maps.Clone(m.withdrawnBy)}
}

// Of is r with its marks.
func (m Marks) Of(r Record) Marked {
	return Marked{Record: r, VoidedBy: m.voidedBy[r.Seq], WithdrawnBy: m.withdrawnBy[r.Seq]}
}

// Marked is a record with what later records say of it, as /api/log and
// the exports give it.
type Marked struct {
	Record
	// VoidedBy is the sequence number of the void that took this input
	// out; WithdrawnBy that of the void or revision that withdrew this
	// outcome. 0: none.
	VoidedBy    uint64 `json:"voided_by,omitempty"`
	WithdrawnBy uint64 `json:"withdrawn_by,omitempty"`
}

// ReadMarks reads the marks of the whole log in dir.
func ReadMarks(dir string) (Marks, error) {
	var m Marks
	err := Read(dir, Filter{}, func(r Record) error {
		m.See(r)
		return nil
	})
	return m, err
}
