package outcome

import (
	"testing"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
)

// TestRedecidedInEveryLanguage: a re-decided decision's reason ends with
// why it was decided again, in English as the table logs it and in
// French, read back from the logged English (the claim log keeps no other
// record of it); words it cannot read back leave the French reason alone.
func TestRedecidedInEveryLanguage(t *testing.T) {
	fr, _ := catalog.Get("fr")
	a := engine.Args{Dealer: 0, Won: []engine.Called{{Seat: 3, Call: engine.Pon}}}
	base, _ := Reason(nil, engine.CodeOnlyClaim, a)
	late := []LateCall{{Seat: "N", Action: "pon", Source: "serial", Input: 37}, {Action: "newhand", Source: "referee", Input: 38}}
	for _, c := range []struct {
		voided  uint64
		late    []LateCall
		en, fr  string
		garbled bool
	}{
		{voided: 12, en: base + " (re-decided: input 12 was voided)", fr: "PON Nord : la seule réclamation (décidé à nouveau : l'entrée 12 a été annulée)"},
		{late: late, en: base + " (re-decided: North pon from serial (input 37), table newhand from referee (input 38) arrived late)",
			fr: "PON Nord : la seule réclamation (décidé à nouveau après une arrivée en retard : Nord pon depuis serial (entrée 37), la table newhand depuis referee (entrée 38))"},
	} {
		logged := In(nil).Redecided(base, c.voided, c.late)
		if logged != c.en {
			t.Errorf("English: %q, want %q", logged, c.en)
		}
		r := Record{Code: engine.CodeOnlyClaim, Args: &a, Reason: logged}
		if got := In(fr).Reason(r); got != c.fr {
			t.Errorf("French: %q, want %q", got, c.fr)
		}
		if got := In(nil).Reason(r); got != c.en {
			t.Errorf("English read back: %q, want %q", got, c.en)
		}
	}
	r := Record{Code: engine.CodeOnlyClaim, Args: &a, Reason: base + " (re-decided: Nobody pon from serial (input 1) arrived late)"}
	if got := In(fr).Reason(r); got != "PON Nord : la seule réclamation" {
		t.Errorf("unreadable words: %q", got)
	}
}

// TestUnsettledInEveryLanguage: a hand the payment rules cannot settle
// (a fault of the engine) reads in English as the rules' own sentence,
// as logged, and in French from its fault's code; a fault logged without
// its code keeps its English.
func TestUnsettledInEveryLanguage(t *testing.T) {
	fr, _ := catalog.Get("fr")
	for _, c := range []struct {
		a      engine.Args
		en, fr string
	}{
		{engine.Args{Fault: "payment: seat 2 cannot be liable for seat 1's hand", Refusal: &payment.Fault{Code: payment.FaultSettlePaoSeat, N: 2, M: 1}},
			"the hand cannot be settled: payment: seat 2 cannot be liable for seat 1's hand",
			"la main ne peut pas être réglée : le siège 2 ne peut pas être responsable de la main du siège 1"},
		{engine.Args{Fault: "payment: a tsumo has one winner, not 2", Refusal: &payment.Fault{Code: payment.FaultSettleTsumo, N: 2}},
			"the hand cannot be settled: payment: a tsumo has one winner, not 2",
			"la main ne peut pas être réglée : un tsumo a un seul gagnant, pas 2"},
		{engine.Args{Fault: "payment: liability (pao) is for a yakuman only"},
			"the hand cannot be settled: payment: liability (pao) is for a yakuman only",
			"la main ne peut pas être réglée : payment: liability (pao) is for a yakuman only"},
	} {
		if got, _ := Reason(nil, engine.CodeScore, c.a); got != c.en {
			t.Errorf("English: %q, want %q", got, c.en)
		}
		if got, _ := Reason(fr, engine.CodeScore, c.a); got != c.fr {
			t.Errorf("French: %q, want %q", got, c.fr)
		}
	}
}
