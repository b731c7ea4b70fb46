package tournament

import (
	"encoding/json"
	"testing"
)

// FuzzFold: records read back from a store (any bytes) fold or are
// refused with an error; they never panic, and what folds folds again the
// same.
func FuzzFold(f *testing.F) {
	seed, _ := json.Marshal([]Record{
		rec(0, KindOptions, "", Options{Rounds: 1, RoundMinutes: 5, Tables: []string{"a"}, Start: 25000}),
		rec(1, KindPlayer, "", Player{Name: "A"}),
	})
	f.Add(seed)
	f.Add([]byte(`[{"seq":1,"kind":"withdraw","by":"x","at":"2026-01-01T00:00:00Z","why":"y","withdraw":{"seq":1}}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var recs []Record
		if json.Unmarshal(data, &recs) != nil {
			return
		}
		b, err := Fold(recs)
		if err != nil {
			return
		}
		again, _ := b.Records()
		if _, err := Fold(again); err != nil {
			t.Fatalf("records that folded do not fold again: %v", err)
		}
		st := b.State()
		for n := range st.Rounds {
			st.Published(n + 1)
			st.Confirmed(n + 1)
		}
		st.Fit()
	})
}
