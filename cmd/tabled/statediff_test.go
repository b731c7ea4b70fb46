package main

import (
	"encoding/json"
	"testing"
)

// TestStateDiff: a resumed table's state is compared in the fields the
// earlier release had, at any depth; a field a new release adds (a seat's
// win) is no difference, a changed or dropped one is.
func TestStateDiff(t *testing.T) {
	for _, tc := range []struct {
		name, before, after string
		differ              bool
	}{
		{"same", `{"seats":[{"points":30000}],"wall":60}`, `{"seats":[{"points":30000}],"wall":60}`, false},
		{"a field added in a seat", `{"seats":[{"points":30000}]}`, `{"seats":[{"points":30000,"win":{"on":"9m"}}]}`, false},
		{"a top-level field added", `{"wall":60}`, `{"wall":60,"aka":0}`, false},
		{"a seat's points changed", `{"seats":[{"points":30000}]}`, `{"seats":[{"points":29000}]}`, true},
		{"a seat's field dropped", `{"seats":[{"points":30000,"riichi":true}]}`, `{"seats":[{"points":30000}]}`, true},
		{"a discard more", `{"seats":[{"discards":["1m"]}]}`, `{"seats":[{"discards":["1m","2m"]}]}`, true},
		{"a scalar's type changed", `{"wall":60}`, `{"wall":"60"}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b, a map[string]json.RawMessage
			if err := json.Unmarshal([]byte(tc.before), &b); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(tc.after), &a); err != nil {
				t.Fatal(err)
			}
			if d := stateDiff(b, a); (d != "") != tc.differ {
				t.Errorf("stateDiff = %q, want a difference: %v", d, tc.differ)
			}
		})
	}
}
